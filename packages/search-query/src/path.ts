import type { SearchQuery } from '@cfs/contracts';

/** Body-style path slugs (/cars-for-sale/all/truck/ford) and their codes. */
export const BODY_STYLE_SLUGS: Record<string, string> = {
  truck: 'TRUCKS',
  'suv-crossover': 'SUVCROSS',
  sedan: 'SEDAN',
  coupe: 'COUPE',
  convertible: 'CONVERT',
  hatchback: 'HATCH',
  'van-minivan': 'VANMV',
  wagon: 'WAGON',
};

/**
 * Search values carried by the page path:
 *   /cars-for-sale/all/{make}/{model}
 *   /cars-for-sale/all/{body style}/{make}
 */
export function queryFromPath(pathname: string): Partial<SearchQuery> {
  const m = /^\/cars-for-sale\/all\/([^/?#]+)(?:\/([^/?#]+))?\/?$/.exec(pathname);
  if (!m) return {};
  let first: string;
  let second: string | undefined;
  try {
    first = decodeURIComponent(m[1]).toLowerCase();
    second = m[2] ? decodeURIComponent(m[2]).toLowerCase() : undefined;
  } catch {
    return {};
  }
  const valid = (s: string) => /^[a-z0-9][a-z0-9_-]{0,40}$/.test(s);
  if (!valid(first) || (second !== undefined && !valid(second))) return {};
  const style = BODY_STYLE_SLUGS[first];
  if (style) {
    return second ? { vehicleStyleCode: [style], makeCode: [second.toUpperCase()] } : { vehicleStyleCode: [style] };
  }
  return second ? { makeCode: [first.toUpperCase()], modelCode: [second.toUpperCase()] } : { makeCode: [first.toUpperCase()] };
}
