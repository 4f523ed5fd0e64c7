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

/**
 * The observer of listing cells (elements carrying LISTING_ATTR) that counts each once half of it
 * is on screen: a cell counted is no longer watched (`taken` hears of it); its id, unless already
 * in `seen()`, is added there, and the ids counted together are published at once. Nothing is
 * counted while `counting()` says no. Null where the browser has no IntersectionObserver.
 */
export function impressionObserver(
  bus: Pick<Bus, 'publish'>,
  seen: () => Set<string>,
  opts: { counting?: () => boolean; taken?: (cell: Element) => void } = {},
): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  const io = new IntersectionObserver(
    (entries) => {
      if (opts.counting && !opts.counting()) return;
      const counted = seen();
      const ids: string[] = [];
      for (const entry of entries) {
        if (!entry.isIntersecting || entry.intersectionRatio < IMPRESSION_THRESHOLD) continue;
        io.unobserve(entry.target);
        opts.taken?.(entry.target);
        const id = entry.target.getAttribute(LISTING_ATTR);
        if (!id || counted.has(id)) continue;
        counted.add(id);
        ids.push(id);
      }
      publishImpressions(bus, ids);
    },
    { threshold: IMPRESSION_THRESHOLD },
  );
  return io;
}
