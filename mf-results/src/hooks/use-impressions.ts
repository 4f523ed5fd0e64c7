import { useEffect, useRef, type RefObject } from 'react';
import { PAGE_EVENT_LIMITS } from '@cfs/contracts';
import { useBus } from '@cfs/remote-kit';

/** designed: a listing is seen once half of its cell has been on screen. */
export const IMPRESSION_THRESHOLD = 0.5;
/** designed: the ids seen are gathered this long into one impression event. */
export const IMPRESSION_DELAY_MS = 1000;
/** The attribute that carries a listing cell's listing id (ResultsList sets it). */
export const LISTING_ATTR = 'data-listing';

/**
 * Listing impressions (page-furniture §7): every listing cell in `listRef` (an element carrying
 * LISTING_ATTR) is counted once per search (`searchKey`) when half of it comes into view; the ids
 * seen are published together as 'results:impression' page events, IMPRESSION_DELAY_MS after the
 * first, at most PAGE_EVENT_LIMITS.impressionIds per event. `cells` changes whenever other cells
 * are in the page (the grid renders only the rows near the viewport); nothing is counted while
 * `enabled` is false (the old cards of a search still loading). Effects only: nothing on the server.
 */
export function useImpressions(listRef: RefObject<HTMLElement | null>, searchKey: unknown, cells: unknown, enabled: boolean) {
  const bus = useBus();
  const seen = useRef(new Set<string>());
  const pending = useRef<string[]>([]);
  const observer = useRef<IntersectionObserver | null>(null);
  const observed = useRef(new Set<Element>());

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const ids = pending.current.splice(0);
      for (let i = 0; i < ids.length; i += PAGE_EVENT_LIMITS.impressionIds) {
        bus.publish('shell:page-event', { type: 'results:impression', listingIds: ids.slice(i, i + PAGE_EVENT_LIMITS.impressionIds) });
      }
    };
    const io = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < IMPRESSION_THRESHOLD) continue;
          io.unobserve(entry.target);
          observed.current.delete(entry.target);
          const id = entry.target.getAttribute(LISTING_ATTR);
          if (!id || seen.current.has(id)) continue;
          seen.current.add(id);
          pending.current.push(id);
        }
        if (pending.current.length) timer ??= setTimeout(flush, IMPRESSION_DELAY_MS);
      },
      { threshold: IMPRESSION_THRESHOLD },
    );
    observer.current = io;
    const tracked = observed.current;
    return () => {
      io.disconnect();
      tracked.clear();
      observer.current = null;
      clearTimeout(timer);
      flush();
    };
  }, [bus]);

  // A new search counts every listing again.
  useEffect(() => {
    seen.current = new Set();
  }, [searchKey]);

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
