import { SORT_VALUES, type SortBy } from '@cfs/contracts';

/**
 * The spec gives two readings of the default sort: the state default (relevance) and the option
 * file's default (derivedpriceDESC). In a query and in the normalised URL an absent sortBy always
 * means the state default, relevance; the option-file reading is offered to a UI that wants it.
 */
export function defaultSort(reading: 'state' | 'optionFile' = 'state'): SortBy {
  return reading === 'optionFile' ? 'derivedpriceDESC' : 'relevance';
}

/** The sort the normalised form leaves out (absent sortBy = relevance). */
export const IMPLIED_SORT: SortBy = defaultSort('state');

export function isSortValue(v: unknown): v is SortBy {
  return typeof v === 'string' && (SORT_VALUES as readonly string[]).includes(v);
}
