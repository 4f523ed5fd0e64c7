import { PAGE_EVENT_LIMITS, type Bus } from '@cfs/contracts';

/** designed: a listing is seen once half of its cell has been on screen. */
export const IMPRESSION_THRESHOLD = 0.5;
/** The attribute that carries a listing cell's listing id (ResultsList sets it). */
export const LISTING_ATTR = 'data-listing';

/** Listings seen together, published as 'results:impression' page events of at most the contract's ids each. */
export function publishImpressions(bus: Pick<Bus, 'publish'>, ids: readonly string[]): void {
  for (let i = 0; i < ids.length; i += PAGE_EVENT_LIMITS.impressionIds) {
    bus.publish('shell:page-event', { type: 'results:impression', listingIds: ids.slice(i, i + PAGE_EVENT_LIMITS.impressionIds) });
  }
}
