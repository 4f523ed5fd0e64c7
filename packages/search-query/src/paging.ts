/** Paging of the search (search-results §2: firstRecord, numRecords). */
import { brandVariant, certifiedOnly, type SearchQuery, type SortBy } from '@cfs/contracts';
import { formatNumber } from './display';
import { serializeQuery } from './serialize';
import { ALL_KEYS } from './keys';

/** The keys that order and page a search rather than narrow it (search-results §2). */
export const ORDER_AND_PAGING_KEYS = ['sortBy', 'firstRecord', 'numRecords'] as const;

const NARROWING_KEYS = ALL_KEYS.filter((k) => !(ORDER_AND_PAGING_KEYS as readonly string[]).includes(k));

/**
 * Whether two queries narrow the search alike: the same value for every key but the sort and
 * paging ones (lists compared item by item). A new sort or page changes no filter.
 */
export function sameNarrowing(a: SearchQuery, b: SearchQuery): boolean {
  if (a === b) return true;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return NARROWING_KEYS.every((k) => {
    const u = x[k];
    const v = y[k];
    if (u === v) return true;
    return Array.isArray(u) && Array.isArray(v) && u.length === v.length && u.every((item, i) => item === v[i]);
  });
}

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
 * The search a saved search or an email alert is for, as a query string: the search values
 * without paging (first record and page size).
 */
export function savedSearchString(query: SearchQuery, defaultSort?: SortBy): string {
  const { numRecords: _num, ...rest } = resetPaging(query);
  return serializeQuery(rest, { defaultSort });
}

/**
 * The results count as the page shows it: "1 Result", "1,234 Results". A brand variant may name
 * what it counts otherwise where that is true (page-furniture §1: the Ford certified-used
 * variant's summary text changes): "1,234 Certified Used Vehicles" on a search of certified used
 * vehicles only (contracts BRAND_VARIANTS, certifiedOnly), results on any other.
 */
export function resultCountText(total: number, brand?: string, listingType?: readonly string[]): string {
  const n = typeof total === 'number' && Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  const variant = brandVariant(brand);
  const noun = variant.certifiedCountNoun && certifiedOnly(listingType) ? variant.certifiedCountNoun : variant.countNoun;
  return `${formatNumber(n)} ${n === 1 ? noun.one : noun.other}`;
}
