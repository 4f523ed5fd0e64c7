/** Paging of the search (search-results §2: firstRecord, numRecords). */
import { brandVariant, type SearchQuery } from '@cfs/contracts';
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

/**
 * The results count as the page shows it: "1 Result", "1,234 Results". A brand variant may name
 * what it counts otherwise (page-furniture §1: the Ford certified-used variant's summary text
 * changes): "1,234 Certified Used Vehicles" (contracts BRAND_VARIANTS).
 */
export function resultCountText(total: number, brand?: string): string {
  const n = typeof total === 'number' && Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  const noun = brandVariant(brand).countNoun;
  return `${formatNumber(n)} ${n === 1 ? noun.one : noun.other}`;
}
