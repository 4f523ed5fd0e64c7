import type { Listing } from '@cfs/contracts';
import { boostCount, buildSlots, tierName, TIER_LABELS, type TierListings } from '../src/rules/slots';
import { listing, owner, result } from './fixtures';

const tier = (prefix: string, n: number, listingTier: string) =>
  Array.from({ length: n }, (_, i) => listing(`${prefix}${i + 1}`, { listingTier }));

/** The grid as "id:tier" per cell ("L4" for a base listing). */
function cells(count: number, tiers: TierListings, opts: { pageSize?: number; total?: number; peekabooPosition?: number } = {}) {
  const r = result(count, opts.total ?? count);
  return buildSlots(r, tiers, opts).map((s) => (s.tier ? `${s.listing.id}:${s.tier}` : s.listing.id));
}

const premium = [tier('P', 3, 'spotlight')];
const boost = tier('B', 2, 'boost');
const featured = [tier('F', 6, 'featured')];

describe('slot placement (page-furniture §4, §5, §9)', () => {
  it.each<[string, number, TierListings, { pageSize?: number; total?: number; peekabooPosition?: number }, Record<number, string>]>([
    ['premium spotlights at offsets 0 to 2', 30, { premium }, {}, { 0: 'P1:sponsored', 1: 'P2:sponsored', 2: 'P3:sponsored', 3: 'L1' }],
    ['a fourth-tier listing at offset 23', 30, { fourthTier: featured }, {}, { 22: 'L23', 23: 'F1:featured', 24: 'L24' }],
    ['boost at position 6', 30, { boost }, {}, { 5: 'L6', 6: 'B1:recommended', 7: 'L7', 22: 'L22' }],
    ['no second boost below 75', 30, { boost }, { pageSize: 100, total: 74 }, { 22: 'L22' }],
    ['no second boost with a page size below 75', 100, { boost }, { pageSize: 30, total: 100 }, { 22: 'L22' }],
    [
      'a second boost at 22 with page size and results of 75',
      100,
      { boost },
      { pageSize: 75, total: 75 },
      { 6: 'B1:recommended', 22: 'B2:recommended' },
    ],
    ['peekaboo at position 9', 30, { peekaboo: tier('K', 1, 'peekaboo') }, {}, { 9: 'K1:simplified' }],
    ['peekaboo as configured', 30, { peekaboo: tier('K', 1, 'peekaboo') }, { peekabooPosition: 4 }, { 4: 'K1:simplified', 9: 'L9' }],
    [
      'everything in one block',
      30,
      { premium, boost, fourthTier: featured, peekaboo: tier('K', 1, 'peekaboo') },
      {},
      { 0: 'P1:sponsored', 2: 'P3:sponsored', 3: 'L1', 6: 'B1:recommended', 9: 'K1:simplified', 23: 'F1:featured', 35: 'L30' },
    ],
    [
      'premium of the second block at offsets 0 to 2 of its block',
      60,
      { premium: [[], tier('Q', 3, 'spotlight')] },
      {},
      { 29: 'L30', 30: 'Q1:sponsored', 32: 'Q3:sponsored', 33: 'L31' },
    ],
    [
      'a fourth tier in the second block at offset 23 of the block',
      60,
      { fourthTier: [[], tier('G', 2, 'featured')] },
      {},
      { 53: 'G1:featured' },
    ],
    ['boost and peekaboo only in the first block', 60, { boost, peekaboo: tier('K', 1, 'peekaboo') }, {}, { 36: 'L35', 39: 'L38' }],
    ['a position the block does not reach stays empty', 10, { fourthTier: featured, boost }, {}, { 6: 'B1:recommended', 10: 'L10' }],
    [
      'vehicle highlights after the premium spotlights',
      30,
      { premium: [[...tier('P', 1, 'spotlight'), ...tier('H', 3, 'vehicleHighlight')]] },
      {},
      { 0: 'P1:sponsored', 1: 'H1:highlight', 2: 'H2:highlight', 3: 'L1' },
    ],
  ])('%s', (_, count, tiers, opts, expected) => {
    const grid = cells(count, tiers, opts);
    for (const [pos, cell] of Object.entries(expected)) expect([pos, grid[Number(pos)]]).toEqual([pos, cell]);
  });

  it('places every listing once: the cell count is the base plus the placed tier listings', () => {
    expect(cells(30, { premium, boost, fourthTier: featured })).toHaveLength(30 + 3 + 1 + 1);
    expect(cells(10, { premium, boost, fourthTier: featured })).toHaveLength(10 + 3 + 1);
  });

  it('never repeats a premium listing as the fourth tier', () => {
    const grid = cells(30, { premium, fourthTier: [[premium[0][1], premium[0][0], ...featured[0]]] });
    expect(grid[23]).toBe('F1:featured');
    expect(grid.filter((c) => c.startsWith('P2'))).toHaveLength(1);
  });

  it('de-duplicates by id: a tier listing replaces its copy in the base search, the first block wins', () => {
    const spotlighted = listing(5, { listingTier: 'spotlight' });
    const grid = cells(30, { premium: [[spotlighted]] });
    expect(grid[0]).toBe('L5:sponsored');
    expect(grid.filter((c) => c === 'L5' || c.startsWith('L5:'))).toHaveLength(1);
    expect(grid).toHaveLength(30);
    // The second block's premium already shown in the first block is not shown again.
    const twice = cells(60, { premium: [[spotlighted], [spotlighted, listing('Q1', { listingTier: 'spotlight' })]] });
    expect(twice.filter((c) => c === 'L5' || c.startsWith('L5:'))).toHaveLength(1);
    expect(twice[30]).toBe('Q1:sponsored');
    // Duplicates inside the base search are dropped too.
    const dup = buildSlots({ listings: [listing(1), listing(1), listing(2)], owners: [], totalResultCount: 3 });
    expect(dup.map((s) => s.key)).toEqual(['listing-L1', 'listing-L2']);
  });

  it('drops spotlight listings without an id', () => {
    const noId = { ...listing('X'), id: '' } as Listing;
    expect(cells(30, { premium: [[noId, ...premium[0]]] }).slice(0, 4)).toEqual(['P1:sponsored', 'P2:sponsored', 'P3:sponsored', 'L1']);
  });

  it('joins tier listings to their owners from the tier answers', () => {
    const p = listing('P1', { listingTier: 'spotlight', ownerId: 'DP' });
    const slots = buildSlots(result(3), { premium: [[p]], owners: [owner('DP')] });
    expect(slots[0].owner?.id).toBe('DP');
    expect(slots[1].owner?.id).toBe('D1');
  });

  it('has no cells without a result', () => {
    expect(buildSlots(null, { premium })).toEqual([]);
  });
});

describe('tier names', () => {
  it.each([
    ['spotlight', 'sponsored'],
    ['boost', 'recommended'],
    ['peekaboo', 'simplified'],
    ['featured', 'featured'],
    ['vehicleHighlight', 'highlight'],
    ['standard', null],
    [undefined, null],
  ])('%s is %s', (legacy, current) => {
    expect(tierName(legacy)).toBe(current);
  });

  it('marks each tier in words a shopper understands', () => {
    expect(TIER_LABELS).toEqual({
      sponsored: 'Sponsored',
      featured: 'Featured',
      recommended: 'Recommended',
      simplified: 'Sponsored',
      highlight: 'Sponsored',
    });
  });

  it.each([
    [30, 30, 1],
    [75, 74, 1],
    [74, 1000, 1],
    [75, 75, 2],
  ])('page size %i and %i results carry %i boost', (pageSize, total, n) => {
    expect(boostCount(pageSize, total)).toBe(n);
  });
});
