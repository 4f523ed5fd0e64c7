/**
 * The 360° viewer's rules (search-results §3 fyuseId; the images360 flag shows it). The spin's
 * frames are the listing's photos, taken around the car, from its primary photo on; the viewer
 * turns through them in a loop.
 */
import type { PageListing } from '@cfs/contracts';
import { displayTitle, listingImage } from '@cfs/search-query';

/** How far a drag across the picture turns it by one view (designed). */
export const SPIN_DRAG_PX = 40;

export interface SpinFrame {
  src: string;
  alt: string;
}

/** The frames of a listing's spin: its photos with a usable address, from the primary one on. */
export function spinFrames(listing: Pick<PageListing, 'images' | 'title'>): SpinFrame[] {
  const sources = Array.isArray(listing.images?.sources) ? listing.images.sources : [];
  const primary = typeof listing.images?.primary === 'number' && listing.images.primary < sources.length ? listing.images.primary : 0;
  const ordered = [...sources.slice(primary), ...sources.slice(0, primary)];
  const title = displayTitle(listing.title);
  return ordered.flatMap((img) => listingImage(img, title) ?? []);
}

/** The view `by` steps from `at` (either way), around a spin of `count` views. */
export function turnSpin(at: number, by: number, count: number): number {
  if (count <= 0) return 0;
  return (((at + by) % count) + count) % count;
}

/** What the viewer says of where it is: 'View 2 of 4'. */
export function spinPosition(at: number, count: number): string {
  return count ? `View ${at + 1} of ${count}` : 'No views';
}
