/**
 * The results-grid rules of both specs, one named function each, so any rule is found in one hop.
 * Formatting of card values lives in card-model.ts; slot placement in slots.ts. How a listing's
 * price, image and detail link are shown is search-query's (one rule for every remote).
 */
import { LIMITS, type CompareItem, type SearchResult } from '@cfs/contracts';

/** What a card's compare call-to-action shows. */
export type CompareCta = 'add' | 'added' | 'hidden';

/**
 * Compare (search-results §4, page-furniture §4): the call-to-action shows only when the compare
 * flag is on and fewer than 5 listings are active. A listing can be added once; it then reads
 * 'Added to Compare' and is disabled, and keeps that disabled state even when 5 are active.
 * (Page-furniture also mentions "a second click removes the listing"; this issue follows the
 * search-results reading: disabled. Removing is done from the compare drawer.)
 */
export function compareCta(flagOn: boolean, items: readonly CompareItem[], listingId: string): CompareCta {
  if (!flagOn) return 'hidden';
  if (items.some((i) => i.id === listingId)) return 'added';
  return items.length < LIMITS.compareMax ? 'add' : 'hidden';
}

/** Zero results (or invalid query parameters, which the upstream answers with none). */
export function isNoResults(result: SearchResult | null): boolean {
  return !result || result.totalResultCount === 0 || result.listings.length === 0;
}

/** 'See More Results' shows while fewer listings are on the page than the search found. */
export function hasMoreResults(result: SearchResult | null): boolean {
  return !!result && result.listings.length > 0 && result.listings.length < result.totalResultCount;
}

/** The next page starts right after the listings already shown. */
export function nextFirstRecord(result: SearchResult): number {
  return result.listings.length;
}

/** Listings after the first 3 render lazily (their images load when scrolled near). */
export const EAGER_LISTINGS = 3;
export function loadsEagerly(index: number): boolean {
  return index < EAGER_LISTINGS;
}

/** Loading placeholders: 25 tiles show while fetching (page-furniture §9). */
export const LOADING_PLACEHOLDERS = 25;
