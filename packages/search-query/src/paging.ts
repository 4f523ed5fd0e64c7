/** Paging of the search (search-results §2: firstRecord, numRecords). */
import type { SearchQuery } from '@cfs/contracts';
import { formatNumber } from './display';

/**
 * Pagination reset: the next search starts at the first record (page-furniture §4: a filter
 * change, a category change and Clear Filters each start a new search with pagination reset;
 * search-results §4: so do a saved search and a save after sign-in).
 */
export function resetPaging(q: SearchQuery): SearchQuery {
  const next = { ...q };
  delete next.firstRecord;
  return next;
}

/** The results count as the page shows it: "1 Result", "1,234 Results". */
export function resultCountText(total: number): string {
  const n = typeof total === 'number' && Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  return `${formatNumber(n)} ${n === 1 ? 'Result' : 'Results'}`;
}
