import { SORT_VALUES, type SearchQuery, type SortBy } from '@cfs/contracts';

/**
 * The spec gives two readings of the default sort (search-results §3 'Sort options'): the state
 * default (relevance) and the option file's default (derivedpriceDESC). Configuration chooses one
 * (the gateway's DEFAULT_SORT); the page then carries the default sort in force
 * (`PageConfig.defaultSort`, the bus's `search.defaultSort`).
 */
export type SortReading = 'state' | 'optionFile';

/** The configured reading: 'optionFile' only when named exactly so, anything else is the state reading. */
export function sortReading(raw: unknown): SortReading {
  return raw === 'optionFile' ? 'optionFile' : 'state';
}

/** The default sort of a reading: 'relevance' (state) or 'derivedpriceDESC' (option file). */
export function defaultSort(reading: SortReading = 'state'): SortBy {
  return reading === 'optionFile' ? 'derivedpriceDESC' : 'relevance';
}

/**
 * The sort the upstream applies when a request names none, and the sort a query or URL without
 * sortBy means when no other default is in force (the state reading).
 */
export const IMPLIED_SORT: SortBy = defaultSort('state');

export function isSortValue(v: unknown): v is SortBy {
  return typeof v === 'string' && (SORT_VALUES as readonly string[]).includes(v);
}

/**
 * The sort a search runs with: its own sortBy, else the default sort in force (relevance when
 * none is given or the given one is not a sort value). A query without sortBy means the default
 * in force, so the page URL leaves that default out and keeps any other sort, relevance included.
 */
export function sortInForce(query: SearchQuery | null | undefined, defaultSortInForce?: unknown): SortBy {
  const own = query?.sortBy;
  if (isSortValue(own)) return own;
  return isSortValue(defaultSortInForce) ? defaultSortInForce : IMPLIED_SORT;
}

/**
 * The query a search request carries: sortBy set to the sort in force, so the upstream sorts by
 * the configured default when the page's query has none. (serializeQuery still leaves out
 * relevance, the upstream's own default.)
 */
export function withSortInForce(query: SearchQuery, defaultSortInForce?: unknown): SearchQuery {
  return { ...query, sortBy: sortInForce(query, defaultSortInForce) };
}
