import type { SearchQuery } from '@cfs/contracts';
import { buildCatalogue } from '../src/catalogue/generate';
import { createEngine } from '../src/search/engine';
import { rotatedPage } from '../src/search/rotation';

const engine = createEngine(buildCatalogue({ listings: 6000, currentYear: 2026 }));
const c = engine.catalogue;

/** The tier's page by sorting every tiered match (the rule as the spotlight routes state it). */
function bySorting(matches: Int32Array, want: number, n: number, page: number) {
  const tiered: number[] = [];
  for (const i of matches) if (c.ownerTier[c.owner[i]] === want) tiered.push(i);
  tiered.sort((a, b) => c.relevance[b] - c.relevance[a] || a - b);
  const rows: number[] = [];
  if (tiered.length) {
    const start = ((page - 1) * n) % tiered.length;
    for (let k = 0; k < Math.min(n, tiered.length); k++) rows.push(tiered[(start + k) % tiered.length]);
  }
  return { rows, total: tiered.length };
}

describe('a spotlight tier’s rotated page', () => {
  const queries: SearchQuery[] = [
    { listingType: ['USED'] },
    { listingType: ['NEW'] },
    { makeCode: ['FORD'] },
    { makeCode: ['FORD'], modelCode: ['F150'] },
    {},
  ];

  it.each(queries.map((q) => [JSON.stringify(q), q] as const))(
    'is the relevance order of the tier’s matches, rotated by page: %s',
    (_, q) => {
      const { matches } = engine.match(q);
      for (const want of [1, 2, 3])
        for (const n of [1, 3, 6, 12])
          for (const page of [1, 2, 3, 7, 1000]) {
            const inTier = (i: number) => c.ownerTier[c.owner[i]] === want;
            expect(rotatedPage(engine.orders.relevance, matches, inTier, n, page)).toEqual(bySorting(matches, want, n, page));
          }
    },
  );

  it('wraps round to the best rows, and has nothing to give when nothing is in the tier', () => {
    // Rows 0..9, best first in the order given; the tier holds rows 2, 5 and 7.
    const order = Int32Array.from([5, 9, 2, 0, 7, 1, 3, 4, 6, 8]);
    const matches = Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const tier = new Set([2, 5, 7]);
    expect(rotatedPage(order, matches, (i) => tier.has(i), 2, 1)).toEqual({ rows: [5, 2], total: 3 });
    expect(rotatedPage(order, matches, (i) => tier.has(i), 2, 2)).toEqual({ rows: [7, 5], total: 3 });
    expect(rotatedPage(order, matches, (i) => tier.has(i), 5, 1)).toEqual({ rows: [5, 2, 7], total: 3 });
    expect(rotatedPage(order, matches, () => false, 2, 1)).toEqual({ rows: [], total: 0 });
  });
});
