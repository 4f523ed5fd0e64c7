import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { afterNextPaint } from '@cfs/remote-kit/dom';
import type { ScrollTarget } from './use-position-memory';
import {
  columnsForWidth,
  FIRST_SCREEN,
  gridRows,
  gridWindow,
  heightOf,
  OVERSCAN_PX,
  averageHeight,
  rowOfCell,
  scrollCompensation,
  trimmedStartRow,
  type GridWindow,
} from '../rules/window';

export interface GridWindowState extends GridWindow {
  /** Cells in the page: [firstCell, endCell). */
  firstCell: number;
  endCell: number;
}

interface Anchor {
  cell: number;
  /** The card's top in the viewport when it was read... */
  top: number;
  /** ...and the page's scroll position then: a scroll not yet seen by the scroll handler is not a shift. */
  scrollY: number;
}

const CELL_ATTR = 'data-cell';
const NOTHING = () => {};

/**
 * The focused card's row stays in the page while it is near the viewport (a keyboard moves the
 * view to what it focuses); a card scrolled far away by wheel or touch is let go.
 */
function keptRow(
  focusCell: number | null,
  rowStarts: readonly number[],
  cells: number,
  measured: ReadonlyMap<number, number>,
  view: { top: number; bottom: number },
): number | null {
  if (focusCell === null || focusCell >= cells) return null;
  const row = rowOfCell(rowStarts, focusCell);
  const top = heightOf(measured, 0, row);
  return top > view.top - KEEP_FOCUSED_PX && top < view.bottom + KEEP_FOCUSED_PX ? row : null;
}

/** How far from the viewport a focused card still holds its row in the page. */
const KEEP_FOCUSED_PX = 3 * OVERSCAN_PX;

/** The cells of the list in the page, in order, with their grid index. */
function renderedCells(list: HTMLElement): HTMLElement[] {
  return Array.from(list.querySelectorAll<HTMLElement>(`:scope > li[${CELL_ATTR}]`));
}

/** The first cell whose bottom is below the viewport's top: what the shopper is looking at. */
function findAnchor(list: HTMLElement): Anchor | null {
  const cells = renderedCells(list);
  let lo = 0;
  let hi = cells.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cells[mid].getBoundingClientRect().bottom > 0) {
      found = mid;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  if (found < 0) return null;
  return { cell: Number(cells[found].getAttribute(CELL_ATTR)), top: cells[found].getBoundingClientRect().top, scrollY: window.scrollY };
}

function cellElement(list: HTMLElement, cell: number): HTMLElement | null {
  return list.querySelector<HTMLElement>(`:scope > li[${CELL_ATTR}="${cell}"]`);
}

/**
 * The window of the results list (rules/window.ts): only the rows near the viewport are in the
 * page, with space above and below standing in for the others; rows are measured as they are laid
 * out. Whatever changes the window (scrolling, a page arriving, the infinite-scroll trim, a
 * measured height replacing its estimate), the card the shopper is looking at keeps its place on
 * screen (the scroll is compensated). The first render (the server's and hydration) holds every
 * cell; the window starts in an effect, as everything that reads the page does.
 */
export function useGridWindow(
  listRef: RefObject<HTMLElement | null>,
  rootRef: RefObject<HTMLElement | null>,
  cells: number,
  fullRow: (index: number) => boolean,
  /** Grows by one with every page infinite scroll appends: the leading rows scrolled past are trimmed. */
  trimSignal: number,
  /** Grows when the view should be re-read (tab shown again, page restored). */
  refresh: number,
  /** Changes with every new search: measurements and the trim start over. */
  resetKey: unknown,
  /** A card to bring to a place on screen (Back to a remembered position), and what to call then. */
  target: ScrollTarget | null = null,
  onTarget: () => void = NOTHING,
) {
  const [columns, setColumns] = useState(3);
  const [view, setView] = useState<{ top: number; bottom: number } | null>(null);
  const [trimRow, setTrimRow] = useState(0);
  const [focusCell, setFocusCell] = useState<number | null>(null);
  const [measured, setMeasured] = useState<ReadonlyMap<number, number>>(() => new Map());
  /** A new search's first render: the rows on screen only (rules/window.ts FIRST_SCREEN). */
  const [firstScreen, setFirstScreen] = useState(false);
  const anchor = useRef<Anchor | null>(null);
  const rowStarts = useMemo(() => gridRows(cells, columns, fullRow), [cells, columns, fullRow]);

  // A new search starts the measurements and the trim over, and paints its first screen first
  // (not when a card is to be brought back to its remembered place: its row decides the window).
  const [searchKey, setSearchKey] = useState(resetKey);
  if (searchKey !== resetKey) {
    setSearchKey(resetKey);
    setTrimRow(0);
    setMeasured(new Map());
    setFirstScreen(target === null);
  }
  // ...and the window's other rows once that is painted.
  useEffect(() => (firstScreen ? afterNextPaint(() => setFirstScreen(false)) : undefined), [firstScreen]);

  const readView = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    // Nothing laid out (a hidden region, or no layout at all): every cell stays in the page.
    if (list.childElementCount > 0 && list.getBoundingClientRect().height === 0) {
      setView(null);
      return;
    }
    const root = rootRef.current;
    setColumns(columnsForWidth(root?.clientWidth ?? 0));
    // The list's own top, as if the rows above the window were there (the space before it stands in).
    const spacerTop = (list.previousElementSibling as HTMLElement | null)?.getBoundingClientRect().top;
    const top = spacerTop ?? list.getBoundingClientRect().top;
    setView({ top: -top, bottom: window.innerHeight - top });
    anchor.current = findAnchor(list);
  }, [listRef, rootRef]);

  // The first view is read as the list commits (hydration included), with its rows' measurement
  // below: the window's first trim renders synchronously in the same task, so the cards it trims
  // are gone before the one task useGatewayData waits, and ask the gateway for nothing.
  useLayoutEffect(() => readView(), [readView, refresh]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      const list = listRef.current;
      if (list) anchor.current = findAnchor(list);
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          readView();
        });
      }
    };
    const onFocus = (e: FocusEvent) => {
      const li = (e.target as HTMLElement | null)?.closest?.(`li[${CELL_ATTR}]`);
      setFocusCell(li ? Number(li.getAttribute(CELL_ATTR)) : null);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    const list = listRef.current;
    list?.addEventListener('focusin', onFocus);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      list?.removeEventListener('focusin', onFocus);
    };
  }, [listRef, readView, refresh]);

  const win: GridWindowState | null = useMemo(() => {
    if (!view) return null;
    const rows = rowStarts.length;
    const keep = keptRow(focusCell, rowStarts, cells, measured, view);
    const w = gridWindow({ rows, measured, viewTop: view.top, viewBottom: view.bottom, keep, ...(firstScreen && FIRST_SCREEN) });
    // The infinite-scroll trim holds while the rows it took out stay above the viewport.
    const trimTop = heightOf(measured, 0, trimRow, averageHeight(measured));
    if (trimRow > w.startRow && trimRow < w.endRow && trimTop <= view.top && (keep === null || keep >= trimRow)) {
      w.before = trimTop;
      w.startRow = trimRow;
    }
    return {
      ...w,
      firstCell: rowStarts[w.startRow] ?? cells,
      endCell: w.endRow < rows ? rowStarts[w.endRow] : cells,
    };
  }, [view, rowStarts, cells, trimRow, focusCell, measured, firstScreen]);

  // A page appended by infinite scroll trims up to 8 leading entries the shopper has scrolled past.
  const lastTrim = useRef(trimSignal);
  useEffect(() => {
    if (trimSignal === lastTrim.current) return;
    lastTrim.current = trimSignal;
    const list = listRef.current;
    if (!list || !win) return;
    const a = findAnchor(list);
    if (!a) return;
    setTrimRow(trimmedStartRow(rowStarts, win.startRow, a.cell, columns));
  }, [trimSignal, listRef, win, rowStarts, columns]);

  // After every change: measure the rows laid out, then keep the anchor card in place.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const range = win ?? { startRow: 0, endRow: rowStarts.length };
    const els = renderedCells(list);
    if (els.length > 0) {
      const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
      const byCell = new Map(els.map((el) => [Number(el.getAttribute(CELL_ATTR)), el]));
      let changed: Map<number, number> | null = null;
      for (let r = range.startRow; r < range.endRow; r++) {
        const first = byCell.get(rowStarts[r]);
        if (!first) continue;
        const next = r + 1 < rowStarts.length ? byCell.get(rowStarts[r + 1]) : undefined;
        const rect = first.getBoundingClientRect();
        const h = next ? next.getBoundingClientRect().top - rect.top : rect.height + gap;
        if (h > 0 && Math.abs((measured.get(r) ?? 0) - h) >= 1) {
          changed ??= new Map(measured);
          changed.set(r, h);
        }
      }
      if (changed) setMeasured(changed);
    }
    if (target && target.cell < cells) {
      const el = cellElement(list, target.cell);
      if (el) {
        const delta = scrollCompensation(target.offset, el.getBoundingClientRect().top);
        if (delta !== 0) window.scrollBy(0, delta);
        anchor.current = findAnchor(list);
        onTarget();
      } else {
        // Not in the page yet: scroll to where its row is (the window follows), then to the card.
        const spacer = list.previousElementSibling as HTMLElement | null;
        const rowsTop = (spacer ?? list).getBoundingClientRect().top + window.scrollY;
        const row = rowOfCell(rowStarts, target.cell);
        window.scrollTo(0, rowsTop + heightOf(measured, 0, row) - target.offset);
        anchor.current = null;
        readView();
      }
      return;
    }
    const a = anchor.current;
    const el = a ? cellElement(list, a.cell) : null;
    if (a && el) {
      // Where the card was on the page (the scroll since it was read moves it, and is kept).
      const delta = scrollCompensation(a.top + a.scrollY - window.scrollY, el.getBoundingClientRect().top);
      if (delta !== 0) window.scrollBy(0, delta);
    }
    anchor.current = findAnchor(list);
  }, [listRef, win, rowStarts, measured, target, cells, onTarget, readView]);

  return { win, columns };
}
