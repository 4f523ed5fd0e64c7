/**
 * Sort values of the spec (search-results §3 'Sort options') with the labels the panel shows.
 * The spec gives each value's meaning; the direction wording of the labels is designed.
 */
import { SORT_VALUES, type SearchQuery, type SortBy } from '@cfs/contracts';
import { sortInForce } from '@cfs/search-query';

export const SORT_LABELS: Record<SortBy, string> = {
  relevance: 'Relevance',
  derivedpriceASC: 'Price: Low to High',
  derivedpriceDESC: 'Price: High to Low',
  distanceASC: 'Distance: Nearest first',
  datelistedASC: 'Date listed: Oldest first',
  datelistedDESC: 'Date listed: Newest first',
  mileageASC: 'Mileage: Low to High',
  mileageDESC: 'Mileage: High to Low',
  yearASC: 'Year: Oldest first',
  yearDESC: 'Year: Newest first',
};

export const SORT_OPTIONS = SORT_VALUES.map((value) => ({ value, label: SORT_LABELS[value] }));

/**
 * The selected sort: the sort in force, i.e. the query's sortBy, else the page's default sort
 * (the configured reading: relevance or derivedpriceDESC; relevance when none is given).
 */
export function currentSort(query: SearchQuery, defaultSort?: SortBy): SortBy {
  return sortInForce(query, defaultSort);
}
