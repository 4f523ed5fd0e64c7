import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { RequestStatus, SearchQuery } from '@cfs/contracts';
import { usePublish } from '@cfs/remote-kit';
import { readPosition, positionKey, writePosition, type SavedPosition } from '../rules/position';

/** Where the grid is to scroll: a cell, and its top's distance from the viewport's top. */
export interface ScrollTarget {
  cell: number;
  offset: number;
  /** The listing the cell showed (the grid looks its cell up again, in case cells moved). */
  listing?: string;
}

const CELL_SELECTOR = 'li[data-cell]';

/** A cell's place: its index, its top on screen, and the listing it shows (if any). */
function cellAt(li: Element): ScrollTarget {
  const listing = li.getAttribute('data-listing');
  return { cell: Number(li.getAttribute('data-cell')), offset: li.getBoundingClientRect().top, ...(listing ? { listing } : {}) };
}

function navigationType(): string | undefined {
  try {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return nav?.type;
  } catch {
    return undefined;
  }
}

/**
 * Back returns to the same place: leaving the page (a listing opened, the tab closed) remembers,
 * per search URL in the session, how many listings were loaded and which card the shopper was at
 * (the one opened, else the first in view) with its place on screen. Coming back to that URL by
 * Back or Forward, the grid loads as many listings again and scrolls that card to the same place.
 * A page restored whole from the back-forward cache needs none of it.
 */
export function usePositionMemory(listRef: RefObject<HTMLElement | null>, query: SearchQuery, loaded: number, status: RequestStatus) {
  const publish = usePublish();
  const restoring = useRef<SavedPosition | null>(null);
  const [target, setTarget] = useState<ScrollTarget | null>(null);
  const opened = useRef<ScrollTarget | null>(null);
  const firstQuery = useRef(query);
  const loadedNow = useRef(loaded);
  useEffect(() => {
    loadedNow.current = loaded;
  });

  // Remember the card a shopper opens, and the position whenever the page is left.
  useEffect(() => {
    const list = listRef.current;
    const onClick = (e: MouseEvent) => {
      const li = (e.target as Element | null)?.closest?.(CELL_SELECTOR);
      if (li && (e.target as Element).closest('a[href]')) opened.current = cellAt(li);
    };
    const onHide = () => {
      const l = listRef.current;
      if (!l) return;
      let at = opened.current;
      if (!at) {
        const first = Array.from(l.querySelectorAll<HTMLElement>(CELL_SELECTOR)).find((c) => c.getBoundingClientRect().bottom > 0);
        if (first) at = cellAt(first);
      }
      opened.current = null;
      const n = l.querySelectorAll(CELL_SELECTOR).length;
      if (!at || n === 0) return;
      writePosition(sessionStorage, positionKey(location.pathname, location.search), { loaded: loadedNow.current, ...at });
    };
    list?.addEventListener('click', onClick, true);
    window.addEventListener('pagehide', onHide);
    return () => {
      list?.removeEventListener('click', onClick, true);
      window.removeEventListener('pagehide', onHide);
    };
  }, [listRef]);

  // Coming back by Back or Forward: the saved position of this URL, once.
  useEffect(() => {
    if (navigationType() !== 'back_forward') return;
    const saved = readPosition(sessionStorage, positionKey(location.pathname, location.search));
    if (!saved) return;
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    restoring.current = saved;
  }, []);

  // Load as many listings as there were, a page at a time, then scroll to the card.
  useEffect(() => {
    const saved = restoring.current;
    if (!saved) return;
    if (query !== firstQuery.current || status === 'error' || status === 'loading') {
      restoring.current = null;
      return;
    }
    if (status !== 'success') return;
    if (loaded < saved.loaded && loaded > 0) {
      publish('results:load-more', { firstRecord: loaded });
      return;
    }
    restoring.current = null;
    // Once the cards are laid out.
    const frame = requestAnimationFrame(() =>
      setTarget({ cell: saved.cell, offset: saved.offset, ...(saved.listing ? { listing: saved.listing } : {}) }),
    );
    return () => cancelAnimationFrame(frame);
  }, [loaded, status, query, publish]);

  const restored = useCallback(() => setTarget(null), []);
  return { target, restored };
}
