import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestStatus } from '@cfs/contracts';

/**
 * Infinite scroll (page-furniture §4): off until the first 'See More Results' page arrives, then
 * the in-view trigger loads the next pages (when the brand's infiniteScroll flag is on). Counts
 * the pages the trigger appended, for the trim of leading entries. A new search starts over.
 */
export function useInfiniteScroll(searchKey: unknown, status: RequestStatus, enabled: boolean) {
  const [state, setState] = useState({ key: searchKey, infinite: false, pagesScrolled: 0 });
  const pending = useRef<'button' | 'scroll' | null>(null);
  if (state.key !== searchKey) setState({ key: searchKey, infinite: false, pagesScrolled: 0 });

  useEffect(() => {
    const by = pending.current;
    if (!by || status === 'loading-more') return;
    pending.current = null;
    if (status !== 'success') return;
    setState((s) => (by === 'button' ? { ...s, infinite: s.infinite || enabled } : { ...s, pagesScrolled: s.pagesScrolled + 1 }));
  }, [status, enabled]);

  const requested = useCallback((by: 'button' | 'scroll') => {
    pending.current = by;
  }, []);

  const current = state.key === searchKey ? state : { infinite: false, pagesScrolled: 0 };
  return { infinite: current.infinite, pagesScrolled: current.pagesScrolled, requested };
}
