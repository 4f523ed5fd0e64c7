/**
 * The grid's ad slots ask the gateway for a house ad creative per slot type and number
 * (page-furniture §2, §9). How a creative is read (local paths only; anything else is no
 * creative, and the slot keeps its reserved space empty) is remote-kit's, shared by every ad on
 * the page; this module says which creatives the grid asks for.
 */
import { AD_CREATIVE_PATH, adCreativeUrl } from '@cfs/remote-kit';
import type { AdType, SlotOptions } from './slots';
import { furnitureCells, linerCells } from './slots';

export { AD_LABEL, localPath, readCreative, type AdCreative, type AdImage } from '@cfs/remote-kit';

export const AD_PATH = AD_CREATIVE_PATH;

export function adUrl(ad: AdType, number: number): string {
  return adCreativeUrl(ad, number);
}

/**
 * The creative URL of every ad cell and row a grid of `listings` base listings places (the server
 * render fetches them all): the cells slots.ts places, so an ad whose cell another kind took (the
 * first fluid ad beside the treehouse) is not asked for.
 */
export function layoutAdUrls(
  listings: number,
  opts: Pick<SlotOptions, 'ads' | 'adPositions' | 'linerRows' | 'flags' | 'filterPromo'> = {},
): string[] {
  const ads = [...furnitureCells(listings, opts).values(), ...linerCells(opts).values()].flatMap((s) => (s.kind === 'ad' ? [s] : []));
  return ads.map((s) => adUrl(s.ad, s.number));
}
