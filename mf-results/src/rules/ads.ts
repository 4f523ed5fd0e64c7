/**
 * The grid's ad slots ask the gateway for a house ad creative per slot type and number
 * (page-furniture §2, §9). A creative is shown only when its click-through and images are paths
 * of this site (house ads: no third-party host); anything else reads as no creative, and the
 * slot keeps its reserved space empty.
 */
import type { AdLayout, AdType } from './slots';
import { AD_SLOTS } from './slots';

export const AD_PATH = '/content/ads';
/** designed: how an ad slot is named for screen readers (the spec does not give the word). */
export const AD_LABEL = 'Advertisement';

export interface AdImage {
  width: number;
  height: number;
  src: string;
}

export interface AdCreative {
  id: string;
  alt: string;
  href: string;
  images: AdImage[];
}

export function adUrl(ad: AdType, number: number): string {
  return `${AD_PATH}?slot=${ad}&number=${number}`;
}

/** Every creative URL a layout's slots can ask for (the server render fetches them all). */
export function layoutAdUrls(layout: AdLayout = 'fluid'): string[] {
  if (layout === 'none') return [];
  const numbers = Array.from({ length: AD_SLOTS }, (_, i) => i + 1);
  return layout === 'liner' ? [adUrl('treehouse', 1), ...numbers.map((n) => adUrl('liner', n))] : numbers.map((n) => adUrl('fluid', n));
}

/** A path of this site: starts with one '/', no scheme, no host. */
export function localPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value);
}

const size = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2000;

/** The gateway's answer as a creative, or null (no creative, a fallback, or anything not local). */
export function readCreative(body: unknown): AdCreative | null {
  const c = (body as { creative?: Partial<AdCreative> | null } | null)?.creative;
  if (!c || typeof c.id !== 'string' || typeof c.alt !== 'string' || !c.alt.trim() || !localPath(c.href)) return null;
  const images = Array.isArray(c.images) ? c.images.filter((i) => i && localPath(i.src) && size(i.width) && size(i.height)) : [];
  if (images.length === 0) return null;
  return { id: c.id, alt: c.alt, href: c.href, images: images.map(({ width, height, src }) => ({ width, height, src })) };
}
