import {
  columnsForWidth,
  FIRST_SCREEN,
  gridRows,
  gridWindow,
  heightOf,
  MIN_WINDOW_ROWS,
  rowOfCell,
  scrollCompensation,
  trimmedStartRow,
} from '../src/rules/window';
import { positionKey, readPosition, writePosition } from '../src/rules/position';

describe('grid columns (results.css: 3, 2, 1 per row)', () => {
  it.each<[number, number]>([
    [1200, 3],
    [840, 3],
    [839, 2],
    [520, 2],
    [519, 1],
    [320, 1],
    [0, 3],
  ])('a region %i px wide has %i columns', (width, columns) => {
    expect(columnsForWidth(width)).toBe(columns);
  });
});

describe('grid rows', () => {
  it('groups cells by the number of columns; a full-width row stands alone', () => {
    expect(gridRows(7, 3)).toEqual([0, 3, 6]);
    expect(gridRows(4, 1)).toEqual([0, 1, 2, 3]);
    expect(gridRows(8, 3, (i) => i === 4)).toEqual([0, 3, 4, 5]);
    expect(gridRows(0, 3)).toEqual([]);
  });

  it('finds the row of a cell', () => {
    const rows = gridRows(10, 3);
    expect([0, 2, 3, 5, 9].map((c) => rowOfCell(rows, c))).toEqual([0, 0, 1, 1, 3]);
  });
});

describe('the window of rows in the page', () => {
  const measured = new Map<number, number>(Array.from({ length: 100 }, (_, r) => [r, 500]));

  it('keeps the rows within the overscan of the viewport, and the height of the others as space', () => {
    // Viewport 10 000 to 11 000 px down the list; overscan 1000: rows from 9000 to 12 000.
    const w = gridWindow({ rows: 100, measured, viewTop: 10_000, viewBottom: 11_000, overscan: 1000 });
    expect(w).toEqual({ startRow: 18, endRow: 24, before: 18 * 500, after: 76 * 500 });
    // Space and rows add up to the whole list: the scrollbar tells the truth.
    expect(w.before + heightOf(measured, w.startRow, w.endRow) + w.after).toBe(100 * 500);
  });

  it('estimates rows never laid out by the average of those measured', () => {
    const some = new Map([
      [0, 400],
      [1, 600],
    ]);
    const w = gridWindow({ rows: 50, measured: some, viewTop: 0, viewBottom: 1000, overscan: 0 });
    expect(w.startRow).toBe(0);
    expect(w.endRow).toBe(MIN_WINDOW_ROWS);
    expect(w.after).toBe(46 * 500);
  });

  it('always holds a few rows, and the row of the focused card', () => {
    const w = gridWindow({ rows: 100, measured, viewTop: 1_000_000, viewBottom: 1_001_000 });
    expect(w.endRow - w.startRow).toBeGreaterThanOrEqual(MIN_WINDOW_ROWS);
    const kept = gridWindow({ rows: 100, measured, viewTop: 10_000, viewBottom: 11_000, overscan: 0, keep: 3 });
    expect(kept.startRow).toBe(3);
    expect(kept.before).toBe(1500);
  });

  it("paints a new search's first screen with the rows on screen only, the others standing in as space", () => {
    // The list starts 631 px down a 1000 px viewport: only its first row is on screen.
    const fresh = new Map<number, number>();
    const first = gridWindow({ rows: 8, measured: fresh, viewTop: -631, viewBottom: 369, ...FIRST_SCREEN });
    expect(first).toMatchObject({ startRow: 0, endRow: 1, before: 0 });
    expect(first.after).toBe(heightOf(fresh, 1, 8));
    // Rows measured shorter than their estimate: as many as the screen shows.
    const short = new Map([[0, 200]]);
    expect(gridWindow({ rows: 8, measured: short, viewTop: -631, viewBottom: 369, ...FIRST_SCREEN }).endRow).toBe(2);
    // The full window, once painted, holds the overscan (and never fewer than MIN_WINDOW_ROWS).
    expect(gridWindow({ rows: 8, measured: fresh, viewTop: -631, viewBottom: 369 }).endRow).toBe(MIN_WINDOW_ROWS);
  });

  it('bounds the rows in the page however long the list', () => {
    const many = new Map<number, number>();
    const w = gridWindow({ rows: 12_000, measured: many, viewTop: 2_000_000, viewBottom: 2_001_000 });
    expect(w.endRow - w.startRow).toBeLessThan(10);
  });
});

describe('infinite-scroll trim (up to 8 leading entries, whole rows)', () => {
  it.each<[string, number, number, number, number]>([
    // columns, first row of the window, first visible cell -> new first row
    ['3 columns, 20 cells scrolled past: 6 trimmed (2 rows)', 3, 0, 20, 2],
    ['3 columns, 4 scrolled past: 3 trimmed', 3, 0, 4, 1],
    ['3 columns, 2 scrolled past: none', 3, 0, 2, 0],
    ['2 columns, 20 scrolled past: 8 trimmed (4 rows)', 2, 0, 20, 4],
    ['1 column, 20 scrolled past: 8 trimmed', 1, 0, 20, 8],
    ['3 columns, window already from row 5, 30 past: 2 rows more', 3, 5, 45, 7],
  ])('%s', (_, columns, startRow, firstVisible, newStart) => {
    const rows = gridRows(120, columns);
    expect(trimmedStartRow(rows, startRow, firstVisible, columns)).toBe(newStart);
  });

  it('compensates the scroll by as much as the card in view moved', () => {
    expect(scrollCompensation(120, 120)).toBe(0);
    expect(scrollCompensation(120, -780)).toBe(-900);
    expect(scrollCompensation(-40, 460)).toBe(500);
    expect(scrollCompensation(10, 10.2)).toBe(0);
    expect(scrollCompensation(Number.NaN, 3)).toBe(0);
  });
});

describe('remembered position', () => {
  function store() {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  }

  it('is kept per search URL and read back', () => {
    const s = store();
    writePosition(s, positionKey('/cars-for-sale', '?makeCode=FORD'), { loaded: 84, cell: 61, offset: 132.5 });
    expect(readPosition(s, positionKey('/cars-for-sale', '?makeCode=FORD'))).toEqual({ loaded: 84, cell: 61, offset: 132.5 });
    expect(readPosition(s, positionKey('/cars-for-sale', ''))).toBeNull();
    // With the listing the cell showed, so the card is found again if the cells moved.
    writePosition(s, 'k', { loaded: 30, cell: 12, offset: 80, listing: '700000123' });
    expect(readPosition(s, 'k')).toEqual({ loaded: 30, cell: 12, offset: 80, listing: '700000123' });
    s.setItem('k', '{"loaded":30,"cell":12,"offset":80,"listing":"<script>"}');
    expect(readPosition(s, 'k')).toEqual({ loaded: 30, cell: 12, offset: 80 });
  });

  it('reads anything malformed as nothing remembered', () => {
    const s = store();
    for (const bad of ['{', '{"loaded":-1,"cell":0,"offset":0}', '{"loaded":3,"cell":"x","offset":0}', 'null']) {
      s.setItem('k', bad);
      expect(readPosition(s, 'k')).toBeNull();
    }
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readPosition(throwing, 'k')).toBeNull();
    expect(() => writePosition(throwing, 'k', { loaded: 1, cell: 0, offset: 0 })).not.toThrow();
  });
});
