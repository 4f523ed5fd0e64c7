/** The gateway's use of packages/search-query: every search value is normalised before any upstream call. */
import type { Brand, SearchQuery, SortBy } from '@cfs/contracts';
import { normaliseQuery, parseQuery, queryFromPath, serializeQuery, type TrimBelongs } from '@cfs/search-query';

/**
 * The normalisation context of a brand. `defaultSort` (the default sort in force of the configured
 * reading) is given for page URLs only: it is what a page URL without sortBy means. Upstream
 * calls are normalised without it (relevance, the upstream's own default, is the one left out).
 */
export function ctxFor(brand: string, defaultSort?: SortBy, trimBelongs?: TrimBelongs) {
  return {
    brand: brand as Brand,
    currentYear: new Date().getFullYear(),
    ...(defaultSort ? { defaultSort } : {}),
    ...(trimBelongs ? { trimBelongs } : {}),
  };
}

export function normalisedQuery(qs: string, brand: string, pathname = ''): SearchQuery {
  const fromPath = pathname ? queryFromPath(pathname) : {};
  return normaliseQuery({ ...fromPath, ...parseQuery(qs) } as SearchQuery, ctxFor(brand));
}

/**
 * The upstream query string of a call that carries search values: the normalised search values
 * (serializeQuery order) followed by the route's request-context keys as given.
 */
export function upstreamSearch(qs: string, brand: string, passKeys: readonly string[] = []): string {
  const out = serializeQuery(normalisedQuery(qs, brand));
  if (!passKeys.length || !qs) return out;
  const raw = new URLSearchParams(qs);
  const extra = new URLSearchParams();
  for (const key of passKeys) for (const v of raw.getAll(key)) extra.append(key, v);
  const e = extra.toString();
  return e ? (out ? `${out}&${e}` : e) : out;
}

/**
 * upstreamSearch, remembered: the same raw query string (per brand, year and route) always
 * normalises to the same string, and popular searches repeat, so the last MAX results are kept
 * (oldest dropped first). Normalising was about a tenth of the gateway's CPU per proxied search.
 */
const MAX = 2000;
const memo = new Map<string, string>();
export function searchParamsFor(qs: string, brand: string, passKeys: readonly string[] = []): string {
  const key = `${brand}\u0000${new Date().getFullYear()}\u0000${passKeys.join(',')}\u0000${qs}`;
  let s = memo.get(key);
  if (s === undefined) {
    s = upstreamSearch(qs, brand, passKeys);
    if (memo.size >= MAX) memo.delete(memo.keys().next().value as string);
    memo.set(key, s);
  }
  return s;
}
