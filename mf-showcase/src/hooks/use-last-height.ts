import { useCallback, useEffect, useRef } from 'react';

/**
 * The last border-box height the element had, as its resize observer reported it (no layout is
 * forced to read it), kept after the element is gone. The loading placeholder that replaces the
 * card takes it, so the results below do not move up and back down at every search: a move that
 * also made the browser lay out and paint the whole page twice.
 */
export function useLastHeight(): { ref: (el: HTMLElement | null) => void; last: () => number | null } {
  const height = useRef<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(([entry]) => {
      const box = entry.borderBoxSize?.[0];
      const h = box ? box.blockSize : entry.target.getBoundingClientRect().height;
      if (h > 0) height.current = h;
    });
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return { ref, last: useCallback(() => height.current, []) };
}
