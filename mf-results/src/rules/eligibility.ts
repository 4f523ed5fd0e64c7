/**
 * Eligibility to buy online (page-furniture §4 'Eligibility check', §7, §8): one call per listing
 * (the gateway's eligibility route takes one vin), for listings whose dealer uses the eligibility
 * service, when the brand offers Buy Online. The listing is eligible only when the answer says
 * sellable; a failure, the route's fallback or an open circuit breaker reads as ineligible.
 */
import type { FeatureFlags, PageListing } from '@cfs/contracts';
import { GRID_COLUMNS, type Slot } from './slots';

export const ELIGIBILITY_PATH = '/eligibility/verify';
const VIN = /^[A-HJ-NPR-Za-hj-npr-z0-9]{11,17}$/;

export function eligibilityUrl(listing: PageListing, flags: Partial<FeatureFlags> | undefined): string | null {
  if (!flags?.buyOnline || listing.esntial?.eligibilityService !== true) return null;
  if (typeof listing.vin !== 'string' || !VIN.test(listing.vin)) return null;
  return `${ELIGIBILITY_PATH}?vin=${encodeURIComponent(listing.vin)}`;
}

/** A card's eligibility can wait: the browser sends a new search before the cards' checks. */
export const ELIGIBILITY_READ = { priority: 'low' } as const;

export function readEligibility(body: unknown): boolean {
  const b = body as { sellable?: unknown; circuitBreakerOpen?: unknown; totalMatched?: unknown } | null;
  return !!b && b.sellable === true && b.circuitBreakerOpen !== true && (b.totalMatched === undefined || Number(b.totalMatched) > 0);
}

/**
 * The cells a shopper sees first: two rows of the grid on a wide screen, more than a phone's
 * first screen (designed). The server render asks for the eligibility of the cards in these
 * cells only, so the first HTML carries their marks and the page's server time stays within its
 * budget; the browser asks for the other cards' eligibility once it has hydrated, below the fold.
 */
export const FIRST_SCREEN_CELLS = 2 * GRID_COLUMNS;

/** The eligibility URLs of the listing cards among the grid's first cells, in order, once each. */
export function firstScreenEligibilityUrls(
  slots: readonly Slot[],
  flags: Partial<FeatureFlags> | undefined,
  cells: number = FIRST_SCREEN_CELLS,
): string[] {
  const urls = slots
    .slice(0, cells)
    .map((slot) => (slot.kind === 'listing' ? eligibilityUrl(slot.listing, flags) : null))
    .filter((u): u is string => u !== null);
  return [...new Set(urls)];
}
