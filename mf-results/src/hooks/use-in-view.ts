import { useEffect, useRef, type RefObject } from 'react';

/** The in-view trigger of infinite scroll (page-furniture §9): root margin 1000 px, thresholds 0, 0.1, 0.5, 1. */
export const IN_VIEW_ROOT_MARGIN = '1000px 0px';
export const IN_VIEW_THRESHOLDS = [0, 0.1, 0.5, 1];

/**
 * Calls `onInView` when the element comes within the root margin of the viewport, while
 * `enabled`. The observer is made again whenever `again` changes (a page arrived, the tab was
 * shown): a new observer reports at once, so a trigger still in view loads the next page.
 * Where IntersectionObserver is missing nothing happens (the button stays).
 */
export function useInView(ref: RefObject<Element | null>, enabled: boolean, onInView: () => void, again: unknown) {
  const handler = useRef(onInView);
  useEffect(() => {
    handler.current = onInView;
  });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) handler.current();
      },
      { rootMargin: IN_VIEW_ROOT_MARGIN, threshold: IN_VIEW_THRESHOLDS },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, enabled, again]);
}
