/**
 * The results-grid rules of both specs, one named function each, so any rule is found in one hop.
 * Formatting of card values lives in card-model.ts; slot placement in slots.ts. How a listing's
 * price, image and detail link are shown is search-query's (one rule for every remote).
 */
import { LIMITS, type CompareItem, type CompareReading, type RequestStatus, type PageSearchResult } from '@cfs/contracts';
import { loadMoreRequest, morePagesExist } from '@cfs/search-query';
import type { Slot } from './slots';

/** What a card's compare call-to-action shows ('remove': added, and a second click removes it). */
export type CompareCta = 'add' | 'added' | 'remove' | 'hidden';

/**
 * Compare (search-results §4, page-furniture §4): the call-to-action shows only when the compare
 * flag is on and fewer than 5 listings are active. A listing can be added once. Then, by the
 * brand's reading (contracts `compareReadingFor`): search-results' reads 'Added to Compare' and is
 * disabled ('added'); page-furniture's lets a second click remove it ('remove'). An added listing
 * keeps its button even when 5 are active.
 */
export function compareCta(
  flagOn: boolean,
  items: readonly CompareItem[],
  listingId: string,
  reading: CompareReading = 'addedDisabled',
): CompareCta {
  if (!flagOn) return 'hidden';
  if (items.some((i) => i.id === listingId)) return compareCtaUnder('added', reading);
  return items.length < LIMITS.compareMax ? 'add' : 'hidden';
}

/** A call-to-action under a brand's reading: an added listing's button removes it under 'secondClickRemoves'. */
export function compareCtaUnder(cta: CompareCta, reading: CompareReading): CompareCta {
  if (reading === 'secondClickRemoves' && cta === 'added') return 'remove';
  if (reading === 'addedDisabled' && cta === 'remove') return 'added';
  return cta;
}

/** Zero results (or invalid query parameters, which the upstream answers with none). */
export function isNoResults(result: PageSearchResult | null): boolean {
  return !result || result.totalResultCount === 0 || result.listings.length === 0;
}

/**
 * 'See More Results' (and infinite scroll) go on while fewer listings are loaded than the
 * maximum active result count: every result the search found is browsable.
 */
export function hasMoreResults(result: PageSearchResult | null): boolean {
  return !!result && morePagesExist(result.listings.length, result.totalResultCount);
}

/** The next page starts right after the listings loaded (search-query's load-more paging). */
export function nextFirstRecord(result: PageSearchResult): number {
  return loadMoreRequest(result.listings.length).firstRecord;
}

/**
 * While a new search loads, the old cards dim only once it has taken this long: a quick search
 * swaps them with nothing in between (no style change, no extra frame).
 */
export const STALE_DIM_AFTER_MS = 150;

/** Listings after the first 3 render lazily (their images load when scrolled near). */
export const EAGER_LISTINGS = 3;
export function loadsEagerly(index: number): boolean {
  return index < EAGER_LISTINGS;
}

/** search-results §9: 'First 3 spotlight images load eagerly on small screens.' */
export const EAGER_SPOTLIGHTS = 3;

/**
 * The grid cells whose photo loads eagerly: the first 3 spotlight cells (search-results §9; the
 * sponsored and featured tiers are the spotlights), which fill a phone's first screen, and
 * (designed) the first row's 3 cells, a wide screen's first paint. The page's HTML cannot know
 * the screen, so both hold on every screen; everything else loads when scrolled near.
 */
export function eagerImageCells(slots: readonly Slot[]): Set<number> {
  const eager = new Set<number>();
  let spotlights = 0;
  slots.forEach((s, i) => {
    if (i < EAGER_LISTINGS && s.kind === 'listing') eager.add(i);
    if (s.kind === 'listing' && (s.tier === 'sponsored' || s.tier === 'featured') && spotlights < EAGER_SPOTLIGHTS) {
      spotlights += 1;
      eager.add(i);
    }
  });
  return eager;
}

/** Loading placeholders: 25 tiles show while fetching (page-furniture §9). */
export const LOADING_PLACEHOLDERS = 25;

/**
 * How many placeholder tiles follow the cards: 25 while a first search loads (no cards yet);
 * while a page loads, or its listings wait for their block's tier answers, 25 at most and never
 * more than the listings still to come.
 */
export function placeholderCount(status: RequestStatus, result: PageSearchResult | null, cells: number, waiting = 0): number {
  if (status === 'loading' && cells === 0) return LOADING_PLACEHOLDERS;
  if (!result) return 0;
  const toCome = status === 'loading-more' ? result.totalResultCount - result.listings.length + waiting : waiting;
  return Math.max(0, Math.min(LOADING_PLACEHOLDERS, toCome));
}
