/**
 * Load-more paging (page-furniture §4 'Load more and listing slots', §9; search-results §4, §9).
 * The arithmetic of the grid's pages in one place: the shell's search controller asks for the
 * next page with it, the results grid places each page's tier listings and trims with it.
 *
 * - Load-more pages hold 30 listings (infinite scroll too); a Ford page size of 25 becomes 30.
 * - The page a load-more asks for is (floor(first record / 30) + 1) + 1, where the first record
 *   is that of the page shown last: the tier calls of that page carry it as `spotlightPage`.
 * - Tier listings repeat per block of 30 base listings: block b is spotlight page b + 1.
 * - Infinite scroll trims up to 8 leading entries, whole rows only, so no card changes column.
 */
import { brandRow, LIMITS, type Brand } from '@cfs/contracts';

/** Listings per load-more page (and per infinite-scroll page). */
export const LOAD_MORE_PAGE_SIZE: number = LIMITS.loadMorePageSize;

/** The Ford page size the spec lifts to a load-more page (page-furniture §9). */
export const FORD_SHORT_PAGE = 25;

/** The page size a brand searches with: Ford's 25 becomes 30 (the brand table); anything else as configured. */
export function pageSizeFor(brand: Brand | string, configured: number): number {
  return brandRow(brand).liftsShortPage && configured === FORD_SHORT_PAGE ? LOAD_MORE_PAGE_SIZE : configured;
}

const whole = (n: number) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** The page of 30 a record belongs to (record 0 is on page 1). */
export function pageOfRecord(firstRecord: number): number {
  return Math.floor(whole(firstRecord) / LOAD_MORE_PAGE_SIZE) + 1;
}

/**
 * The page a load-more makes current: (floor(first record / 30) + 1) + 1, with the first record
 * of the page shown last (0 for the first page). Its tier calls ask for this spotlightPage.
 */
export function loadMorePage(firstRecordShown: number): number {
  return pageOfRecord(firstRecordShown) + 1;
}

/** The spotlight page whose tier listings fill block `block` (0-based) of 30 listings. */
export function spotlightPageOfBlock(block: number): number {
  return whole(block) + 1;
}

/** How many blocks of 30 the grid's `listings` base listings reach (each needs its tier page). */
export function blocksReached(listings: number): number {
  return Math.ceil(whole(listings) / LOAD_MORE_PAGE_SIZE);
}

/** The search a load-more makes: right after the listings shown, 30 of them. */
export interface LoadMoreRequest {
  firstRecord: number;
  numRecords: number;
}

export function loadMoreRequest(listingsShown: number): LoadMoreRequest {
  return { firstRecord: whole(listingsShown), numRecords: LOAD_MORE_PAGE_SIZE };
}

/**
 * More pages exist while fewer listings are loaded than the maximum active result count: the
 * search's total (every result is browsable; `cap` narrows it when configured).
 */
export function morePagesExist(listingsLoaded: number, totalResults: number, cap: number = Infinity): boolean {
  const loaded = whole(listingsLoaded);
  return loaded > 0 && loaded < Math.min(whole(totalResults), cap > 0 ? cap : Infinity);
}

/** Infinite scroll removes up to 8 leading entries (search-results §4, §9). */
export const INFINITE_SCROLL_TRIM: number = LIMITS.infiniteScrollTrim;

/**
 * How many leading entries an infinite-scroll page trims: up to 8, whole rows of `columns` only
 * (a part row would move every card to another column), never more than `trimmable` (the
 * leading entries the shopper has scrolled past).
 */
export function trimCount(trimmable: number, columns: number): number {
  const cols = Math.max(1, whole(columns));
  const most = Math.min(INFINITE_SCROLL_TRIM, whole(trimmable));
  return most - (most % cols);
}
