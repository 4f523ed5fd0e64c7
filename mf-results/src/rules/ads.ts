/**
 * The grid's ad slots ask the gateway for a house ad creative per slot type and number
 * (page-furniture §2, §9). How a creative is read (local paths only; anything else is no
 * creative, and the slot keeps its reserved space empty) is remote-kit's, shared by every ad on
 * the page; this module says which creatives the grid asks for.
 */
import { AD_CREATIVE_PATH, adCreativeUrl } from '@cfs/remote-kit';
import type { AdLayout, AdType } from './slots';
import { AD_SLOTS } from './slots';

export { AD_LABEL, localPath, readCreative, type AdCreative, type AdImage } from '@cfs/remote-kit';

export const AD_PATH = AD_CREATIVE_PATH;

export function adUrl(ad: AdType, number: number): string {
  return adCreativeUrl(ad, number);
}

/** Every creative URL a layout's slots can ask for (the server render fetches them all). */
export function layoutAdUrls(layout: AdLayout = 'fluid'): string[] {
  if (layout === 'none') return [];
  const numbers = Array.from({ length: AD_SLOTS }, (_, i) => i + 1);
  return layout === 'liner' ? [adUrl('treehouse', 1), ...numbers.map((n) => adUrl('liner', n))] : numbers.map((n) => adUrl('fluid', n));
}
