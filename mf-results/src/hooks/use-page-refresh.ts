import { useEffect, useState } from 'react';

/**
 * The view refreshes on tab visibility and page restore (page-furniture §4): a count that grows
 * when the tab is shown again or the page comes back from the back-forward cache (pageshow with
 * persisted), so what reads the page (the window, the in-view trigger) reads it again.
 */
export function usePageRefresh(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setCount((c) => c + 1);
    };
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setCount((c) => c + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);
  return count;
}

/**
 * Listings after the first 3 render lazily unless lazy listings are disabled; they are disabled
 * on a route change (back or forward, a page opened by Back, or a new search), so a restored
 * position lands on laid-out cards.
 */
export function useLazyListings(searchKey: unknown): boolean {
  const [lazy, setLazy] = useState(true);
  const [key, setKey] = useState(searchKey);
  if (key !== searchKey) {
    setKey(searchKey);
    setLazy(false);
  }
  useEffect(() => {
    const off = () => setLazy(false);
    // A page opened by Back or Forward is a route change too.
    const [nav] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
    if (nav?.type === 'back_forward') queueMicrotask(off);
    window.addEventListener('popstate', off);
    return () => window.removeEventListener('popstate', off);
  }, []);
  return lazy;
}
