/**
 * The window of the grid: which rows of cells are in the page, and how tall the space above and
 * below them is, so a shopper can scroll through every listing of a large search with the page's
 * DOM bounded and the scrollbar telling the truth. Pure arithmetic over measured or estimated row
 * heights; the component measures, these rules decide (tested without React in test/window.test.ts).
 *
 * The grid is 3 per row on wide regions, 2 on medium, 1 on phones (results.css container queries).
 * A full-width row (a liner ad) is a row by itself.
 */
import { trimCount } from '@cfs/search-query';

/** The region widths at which the grid drops to 2 and to 1 column (results.css). */
export const TWO_COLUMNS_BELOW = 840;
export const ONE_COLUMN_BELOW = 520;

export function columnsForWidth(width: number): number {
  if (!(width > 0)) return 3;
  if (width < ONE_COLUMN_BELOW) return 1;
  if (width < TWO_COLUMNS_BELOW) return 2;
  return 3;
}

/** A row's estimated height (card and gap) before it was ever laid out: cards are 690 to 760 px tall at every width, the gap 16. */
export const ESTIMATED_ROW_PX = 740;
/** Rows kept in the page beyond the viewport on each side, in pixels (the in-view trigger's margin). */
export const OVERSCAN_PX = 1000;
/** Never fewer rows than this in the page, so a first paint and tests without layout show cards. */
export const MIN_WINDOW_ROWS = 4;
/**
 * A new search's answer is painted first with the rows on screen only (at least one), and the
 * window's other rows follow in the task after that paint: on a wide screen the first row is all
 * the shopper sees of 4, so a change paints a quarter of the cards it would otherwise render.
 */
export const FIRST_SCREEN = { overscan: 0, minRows: 1 } as const;

/** The rows of the grid: the index of each row's first cell, and one past the last cell. */
export function gridRows(cells: number, columns: number, fullRow: (index: number) => boolean = () => false): number[] {
  const cols = Math.max(1, Math.floor(columns) || 1);
  const starts: number[] = [];
  let i = 0;
  while (i < cells) {
    starts.push(i);
    if (fullRow(i)) {
      i += 1;
      continue;
    }
    let n = 0;
    while (i < cells && n < cols && !(n > 0 && fullRow(i))) {
      i += 1;
      n += 1;
    }
  }
  return starts;
}

/** The row a cell is in (rows from gridRows). */
export function rowOfCell(rowStarts: readonly number[], cell: number): number {
  let lo = 0;
  let hi = rowStarts.length - 1;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rowStarts[mid] <= cell) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A row's height: measured when it was laid out, else the average measured one, else the estimate. */
export function rowHeight(measured: ReadonlyMap<number, number>, row: number, fallback: number): number {
  const h = measured.get(row);
  return h !== undefined && h > 0 ? h : fallback;
}

export function averageHeight(measured: ReadonlyMap<number, number>): number {
  let sum = 0;
  let n = 0;
  for (const h of measured.values()) {
    if (h > 0) {
      sum += h;
      n += 1;
    }
  }
  return n > 0 ? sum / n : ESTIMATED_ROW_PX;
}

export interface WindowInput {
  /** Number of rows of the grid. */
  rows: number;
  /** Measured heights by row. */
  measured: ReadonlyMap<number, number>;
  /** The viewport's top and bottom, in pixels from the top of the list. */
  viewTop: number;
  viewBottom: number;
  overscan?: number;
  /** The fewest rows in the page. */
  minRows?: number;
  /** Rows that must stay in the page (the focused card's). */
  keep?: number | null;
}

export interface GridWindow {
  /** First row in the page and one past the last. */
  startRow: number;
  endRow: number;
  /** Space standing in for the rows above and below. */
  before: number;
  after: number;
}

/**
 * The rows in the page: those within `overscan` of the viewport (at least `minRows`), and the
 * height of the rows left out above and below them.
 */
export function gridWindow({
  rows,
  measured,
  viewTop,
  viewBottom,
  overscan = OVERSCAN_PX,
  minRows = MIN_WINDOW_ROWS,
  keep = null,
}: WindowInput): GridWindow {
  if (rows <= 0) return { startRow: 0, endRow: 0, before: 0, after: 0 };
  const fallback = averageHeight(measured);
  const top = viewTop - overscan;
  const bottom = viewBottom + overscan;
  let y = 0;
  let startRow = rows;
  let endRow = rows;
  for (let r = 0; r < rows; r++) {
    const h = rowHeight(measured, r, fallback);
    if (startRow === rows && y + h > top) startRow = r;
    if (y >= bottom) {
      endRow = r;
      break;
    }
    y += h;
  }
  if (startRow >= rows) startRow = Math.max(0, rows - minRows);
  endRow = Math.min(rows, Math.max(endRow, startRow + minRows));
  if (keep !== null && keep >= 0 && keep < rows) {
    startRow = Math.min(startRow, keep);
    endRow = Math.max(endRow, keep + 1);
  }
  return { startRow, endRow, before: heightOf(measured, 0, startRow, fallback), after: heightOf(measured, endRow, rows, fallback) };
}

/** The total height of rows [from, to). */
export function heightOf(measured: ReadonlyMap<number, number>, from: number, to: number, fallback = averageHeight(measured)): number {
  let sum = 0;
  for (let r = from; r < to; r++) sum += rowHeight(measured, r, fallback);
  return sum;
}

/**
 * Infinite scroll trims leading entries (search-results §4): after a page arrives, up to 8 of the
 * cells the shopper has scrolled past (from the window's first row on), in whole rows. Returns the
 * new first row of the window.
 */
export function trimmedStartRow(rowStarts: readonly number[], startRow: number, firstVisibleCell: number, columns: number): number {
  if (rowStarts.length === 0) return 0;
  const first = rowStarts[Math.min(startRow, rowStarts.length - 1)];
  const passed = Math.max(0, firstVisibleCell - first);
  const trimmed = trimCount(passed, columns);
  return rowOfCell(rowStarts, first + trimmed);
}

/**
 * How far to scroll so the card the shopper is looking at stays where it was: the distance it
 * moved on screen (positive: it moved down, so the page scrolls down by as much).
 */
export function scrollCompensation(anchorTopBefore: number, anchorTopAfter: number): number {
  const d = anchorTopAfter - anchorTopBefore;
  return Number.isFinite(d) && Math.abs(d) >= 0.5 ? d : 0;
}
