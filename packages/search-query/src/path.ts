import { SEARCH_PATH, type SearchQuery } from '@cfs/contracts';
import { own } from './values';

/** The search results page's path (its one home is @cfs/contracts). */
export { SEARCH_PATH };

/** Body styles that have a path slug (/cars-for-sale/all/truck/ford): slug, code and display name. */
export const BODY_STYLES = [
  { slug: 'truck', code: 'TRUCKS', label: 'Truck' },
  { slug: 'suv-crossover', code: 'SUVCROSS', label: 'SUV / Crossover' },
  { slug: 'sedan', code: 'SEDAN', label: 'Sedan' },
  { slug: 'coupe', code: 'COUPE', label: 'Coupe' },
  { slug: 'convertible', code: 'CONVERT', label: 'Convertible' },
  { slug: 'hatchback', code: 'HATCH', label: 'Hatchback' },
  { slug: 'van-minivan', code: 'VANMV', label: 'Van / Minivan' },
  { slug: 'wagon', code: 'WAGON', label: 'Wagon' },
] as const;

/** Body-style path slug -> vehicleStyleCode. */
export const BODY_STYLE_SLUGS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(BODY_STYLES.map((b) => [b.slug, b.code])),
);

/** vehicleStyleCode -> display name. */
export const BODY_STYLE_LABELS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(BODY_STYLES.map((b) => [b.code, b.label])),
);

const PATH = new RegExp(`^${SEARCH_PATH}/all/([^/]+)(?:/([^/]+))?/?$`);
const SLUG = /^[a-z0-9][a-z0-9_-]{0,40}$/;

function segment(raw: string | undefined): string | undefined | null {
  if (raw === undefined) return undefined;
  try {
    const s = decodeURIComponent(raw).toLowerCase();
    return SLUG.test(s) ? s : null;
  } catch {
    return null;
  }
}

/**
 * Search values carried by the page path (any query or hash is ignored):
 *   /cars-for-sale/all/{make}             -> makeCode
 *   /cars-for-sale/all/{make}/{model}     -> makeCode, modelCode
 *   /cars-for-sale/all/{bodystyle}        -> vehicleStyleCode
 *   /cars-for-sale/all/{bodystyle}/{make} -> vehicleStyleCode, makeCode
 * A first segment that is a body-style slug (BODY_STYLE_SLUGS) is a body style; otherwise it is a
 * make. Make and model codes are upper-cased (ford -> FORD). Any other path gives {}. Never throws.
 */
export function queryFromPath(pathname: string): Partial<SearchQuery> {
  if (typeof pathname !== 'string') return {};
  const m = PATH.exec(pathname.split(/[?#]/)[0]);
  if (!m) return {};
  const first = segment(m[1]);
  const second = segment(m[2]);
  if (!first || second === null) return {};
  const style = own(BODY_STYLE_SLUGS, first);
  if (style) return second ? { vehicleStyleCode: [style], makeCode: [second.toUpperCase()] } : { vehicleStyleCode: [style] };
  return second ? { makeCode: [first.toUpperCase()], modelCode: [second.toUpperCase()] } : { makeCode: [first.toUpperCase()] };
}
