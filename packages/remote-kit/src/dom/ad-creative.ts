import { API_PATHS } from '@cfs/contracts';
/**
 * A house ad creative as the gateway's ad route answers it (page-furniture §2, §9), read the same
 * way by every ad on the page (the grid's slots, the fixed bottom bar, the footer ad): a creative
 * counts only when its click-through and images are paths of this site (house ads: no
 * third-party host); anything else reads as no creative, and the ad keeps its reserved space.
 */
export const AD_CREATIVE_PATH = API_PATHS.adCreative;
/** designed: how an ad is named for screen readers (the spec does not give the word). */
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

/** The creative URL of an ad: its slot type ('fluid', 'liner', 'treehouse', 'fixed', 'footer') and number (1 to 5). */
export function adCreativeUrl(slot: string, number: number): string {
  return `${AD_CREATIVE_PATH}?slot=${encodeURIComponent(slot)}&number=${number}`;
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
