/** The gateway's use of packages/search-query: every search value is normalised before any upstream call. */
import type { Brand, SearchQuery } from '@cfs/contracts';
import { normaliseQuery, parseQuery, queryFromPath, serializeQuery } from '@cfs/search-query';

export function ctxFor(brand: string) {
  return { brand: brand as Brand, currentYear: new Date().getFullYear() };
}

export function normalisedQuery(qs: string, brand: string, pathname = ''): SearchQuery {
  const fromPath = pathname ? queryFromPath(pathname) : {};
  return normaliseQuery({ ...fromPath, ...parseQuery(qs) } as SearchQuery, ctxFor(brand));
}

export function searchParamsFor(qs: string, brand: string, passKeys: string[] = []): URLSearchParams {
  const out = new URLSearchParams(serializeQuery(normalisedQuery(qs, brand)));
  const raw = new URLSearchParams(qs);
  for (const key of passKeys) for (const v of raw.getAll(key)) out.append(key, v);
  return out;
}
