import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { RequestStatus } from '@cfs/contracts';

/**
 * After 'See More Results' appends a page, keyboard focus moves to the first new card's link, so
 * a keyboard or screen-reader user continues where the new listings start (not shown in the
 * spec; our design). Returns `expect(from)`: call it with the cell count when requesting more.
 */
export function useFocusNewCards(listRef: RefObject<HTMLElement | null>, cellCount: number, status: RequestStatus) {
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const from = pending.current;
    if (from === null || status === 'loading-more') return;
    if (status === 'success' && cellCount > from) {
      // The first new cell's link (or the first link after it: an ad or promo cell has none).
      const cells = Array.from(listRef.current?.querySelectorAll<HTMLElement>('li[data-cell]') ?? []);
      const fresh = cells.filter((c) => Number(c.getAttribute('data-cell')) >= from);
      fresh
        .map((c) => c.querySelector<HTMLElement>('[data-res-focus]'))
        .find((l) => l !== null)
        ?.focus();
      pending.current = null;
    } else if (status !== 'success') {
      // A new search or a failure: nothing was appended.
      pending.current = null;
    }
  }, [listRef, cellCount, status]);
  return useCallback((from: number) => {
    pending.current = from;
  }, []);
}
