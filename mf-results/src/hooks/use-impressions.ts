import { useEffect, useRef, type RefObject } from 'react';
import { useBus } from '@cfs/remote-kit';
import { IMPRESSION_THRESHOLD, impressionObserver, LISTING_ATTR } from '../rules/impressions';
import { alreadyCounted } from '../awaiting';

export { IMPRESSION_THRESHOLD, LISTING_ATTR };

/**
 * Listing impressions (page-furniture §7): every listing cell in `listRef` (an element carrying
 * LISTING_ATTR) is counted once per search (`searchKey`) when half of it comes into view. The ids
 * the observer reports together (the cells on screen at first, then a few as the shopper scrolls)
 * are published at once as one 'results:impression' page event (at most
 * PAGE_EVENT_LIMITS.impressionIds ids each): the shell batches page events and sends what it holds
 * when the page is left, so nothing seen is held back here. `cells` changes whenever other cells
 * are in the page (the grid renders only the rows near the viewport); nothing is counted while
 * `enabled` is false (the old cards of a search still loading). Effects only: nothing on the server.
 */
export function useImpressions(listRef: RefObject<HTMLElement | null>, searchKey: unknown, cells: unknown, enabled: boolean) {
  const bus = useBus();
  const seen = useRef(new Set<string>());
  const observer = useRef<IntersectionObserver | null>(null);
  const observed = useRef(new Set<Element>());

  useEffect(() => {
    const io = impressionObserver(bus, () => seen.current, { taken: (cell) => observed.current.delete(cell) });
    if (!io) return;
    observer.current = io;
    const tracked = observed.current;
    return () => {
      io.disconnect();
      tracked.clear();
      observer.current = null;
    };
  }, [bus]);

  // A new search counts every listing again; the first load's counts what was not counted before
  // the grid hydrated (awaiting/).
  useEffect(() => {
    seen.current = new Set(alreadyCounted(bus));
  }, [searchKey, bus]);

  useEffect(() => {
    const io = observer.current;
    const list = listRef.current;
    if (!io || !list) return;
    // Cells the grid took out of the page are no longer watched.
    for (const el of observed.current) {
      if (!el.isConnected || !enabled) {
        io.unobserve(el);
        observed.current.delete(el);
      }
    }
    if (!enabled) return;
    for (const el of list.querySelectorAll(`[${LISTING_ATTR}]`)) {
      if (observed.current.has(el) || seen.current.has(el.getAttribute(LISTING_ATTR)!)) continue;
      io.observe(el);
      observed.current.add(el);
    }
  }, [listRef, searchKey, cells, enabled]);
}
