import { useEffect, useRef, type RefObject } from 'react';
import { LIMITS, PAGE_EVENT_LIMITS } from '@cfs/contracts';
import { useBus } from '@cfs/remote-kit';

/**
 * The compare drawer seen (page-furniture §9 'drawer visibility threshold 0.9', §7 page events):
 * when LIMITS.compareDrawerVisibility of the drawer is in view, one 'compare:drawer-view' page
 * event with the listings it holds, once per set of listings (adding or removing one makes a new
 * set, seen again when it is next in view). Effects only: nothing on the server.
 */
export function useDrawerView(drawerRef: RefObject<HTMLElement | null>, listingIds: readonly string[]) {
  const bus = useBus();
  const reported = useRef<string | null>(null);
  const key = listingIds.join(',');

  useEffect(() => {
    const el = drawerRef.current;
    if (!el || !listingIds.length || typeof IntersectionObserver === 'undefined' || reported.current === key) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= LIMITS.compareDrawerVisibility)) return;
        io.disconnect();
        reported.current = key;
        bus.publish('shell:page-event', { type: 'compare:drawer-view', listingIds: listingIds.slice(0, PAGE_EVENT_LIMITS.impressionIds) });
      },
      { threshold: LIMITS.compareDrawerVisibility },
    );
    io.observe(el);
    return () => io.disconnect();
    // The set of listings is `key`; listingIds is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bus, drawerRef, key]);
}
