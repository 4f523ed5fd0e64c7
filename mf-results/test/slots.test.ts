import type { Listing } from '@cfs/contracts';
import {
  boostCount,
  buildSlots,
  CAROUSEL_ROW,
  isFullRow,
  rowStart,
  shownListingIds,
  tierName,
  TIER_LABELS,
  type ListingSlot,
  type Slot,
  type SlotOptions,
  type TierListings,
} from '../src/rules/slots';
import { listing, owner, result } from './fixtures';
import { eagerImageCells } from '../src/rules/grid';
import { layoutAdUrls } from '../src/rules/ads';

const tier = (prefix: string, n: number, listingTier: string) =>
  Array.from({ length: n }, (_, i) => listing(`${prefix}${i + 1}`, { listingTier }));

/** A cell as text: "id:tier" for a tier listing, "L4" for a base listing, "ad:fluid:1", "promo", "wallet". */
function show(s: Slot): string {
  switch (s.kind) {
    case 'listing':
      return s.tier ? `${s.listing.id}:${s.tier}` : s.listing.id;
    case 'ad':
      return `ad:${s.ad}:${s.number}`;
    case 'filter-promo':
      return 'promo';
    case 'wallet':
      return 'wallet';
    case 'carousel':
      return `carousel:${s.items.map((i) => i.listing.id).join(',')}`;
  }
}

type Opts = SlotOptions & { total?: number };

/** The grid as text per cell; tier tables leave ads and the promo out unless they ask for them. */
function cells(count: number, tiers: TierListings, opts: Opts = {}) {
  const r = result(count, opts.total ?? count);
  return buildSlots(r, tiers, { ads: 'none', filterPromo: false, ...opts }).map(show);
}

const listingSlots = (slots: Slot[]) => slots.filter((s): s is ListingSlot => s.kind === 'listing');

const premium = [tier('P', 3, 'spotlight')];
const boost = tier('B', 2, 'boost');
const featured = [tier('F', 6, 'featured')];

describe('slot placement (page-furniture §4, §5, §9)', () => {
  it.each<[string, number, TierListings, Opts, Record<number, string>]>([
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
    const dup = buildSlots({ listings: [listing(1), listing(1), listing(2)], owners: [], totalResultCount: 3 }, {}, { ads: 'none' });
    expect(dup.map((s) => s.key)).toEqual(['listing-L1', 'listing-L2']);
  });

  it('drops spotlight listings without an id', () => {
    const noId = { ...listing('X'), id: '' } as Listing;
    expect(cells(30, { premium: [[noId, ...premium[0]]] }).slice(0, 4)).toEqual(['P1:sponsored', 'P2:sponsored', 'P3:sponsored', 'L1']);
  });

  it('joins tier listings to their owners from the tier answers', () => {
    const p = listing('P1', { listingTier: 'spotlight', ownerId: 'DP' });
    const slots = listingSlots(buildSlots(result(3), { premium: [[p]], owners: [owner('DP')] }));
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

describe('ads, promos and the wallet card (page-furniture §2, §9)', () => {
  const wallet = { flags: { wallet: true } };
  it.each<[string, number, TierListings, Opts, Record<number, string>]>([
    [
      "fluid ads at 14, 19, 36 and 43, the treehouse ad in the first one's cell at 7",
      60,
      {},
      { ads: 'fluid' },
      { 6: 'L7', 7: 'ad:treehouse:1', 14: 'ad:fluid:2', 19: 'ad:fluid:3', 36: 'ad:fluid:4', 43: 'ad:fluid:5' },
    ],
    ['fluid ads by default', 60, {}, { ads: undefined }, { 7: 'ad:treehouse:1', 43: 'ad:fluid:5' }],
    [
      'fluid ads as configured',
      30,
      {},
      { ads: 'fluid', adPositions: [2, 5] },
      { 2: 'ad:fluid:1', 5: 'ad:fluid:2', 6: 'L5', 7: 'ad:treehouse:1' },
    ],
    ['no more than five ad slots', 60, {}, { ads: 'fluid', adPositions: [1, 2, 3, 4, 5, 6] }, { 5: 'ad:fluid:5', 6: 'L2' }],
    ['an ad once the grid reaches its position', 7, {}, { ads: 'fluid' }, { 6: 'L7', 7: 'ad:fluid:1' }],
    ['no ad before the grid reaches its position', 6, {}, { ads: 'fluid' }, { 5: 'L6', 6: undefined as unknown as string }],
    ['the wallet card at 3 (flag wallet)', 30, {}, wallet, { 2: 'L3', 3: 'wallet', 4: 'L4' }],
    ['no wallet card without the flag', 30, {}, { flags: { wallet: false } }, { 3: 'L4' }],
    ['the filter promo at 8 with more than 14 listings', 15, {}, { filterPromo: undefined }, { 7: 'L8', 8: 'promo', 9: 'L9' }],
    ['no filter promo with 14 listings', 14, {}, { filterPromo: undefined }, { 8: 'L9' }],
    ['the treehouse ad at 7 with 8 listings (liner layout)', 8, {}, { ads: 'liner' }, { 6: 'L7', 7: 'ad:treehouse:1', 8: 'L8' }],
    ['no treehouse ad with 7 listings', 7, {}, { ads: 'liner' }, { 6: 'L7' }],
    ['the treehouse ad at 7 with 8 listings in the fluid layout too', 8, {}, { ads: 'fluid' }, { 6: 'L7', 7: 'ad:treehouse:1', 8: 'L8' }],
    ['no ads at all when the layout is none', 60, {}, { ads: 'none' }, { 7: 'L8', 14: 'L15' }],
    [
      'tiers keep their positions around the wallet, the ad and the promo',
      30,
      { premium, boost, fourthTier: featured, peekaboo: tier('K', 1, 'peekaboo') },
      { ads: 'fluid', filterPromo: true, ...wallet },
      {
        0: 'P1:sponsored',
        2: 'P3:sponsored',
        3: 'wallet',
        4: 'L1',
        6: 'B1:recommended',
        7: 'ad:treehouse:1',
        8: 'promo',
        9: 'K1:simplified',
        14: 'ad:fluid:2',
        19: 'ad:fluid:3',
        23: 'F1:featured',
      },
    ],
    [
      'a tier whose position an ad holds moves to the next cell',
      30,
      { boost },
      { ads: 'fluid', adPositions: [6] },
      { 6: 'ad:fluid:1', 7: 'ad:treehouse:1', 8: 'B1:recommended' },
    ],
  ])('%s', (_, count, tiers, opts, expected) => {
    const grid = cells(count, tiers, opts);
    for (const [pos, cell] of Object.entries(expected)) expect([pos, grid[Number(pos)]]).toEqual([pos, cell]);
  });

  it('places every listing once among the furniture', () => {
    const grid = cells(60, { premium, boost }, { ads: 'fluid', filterPromo: true, flags: { wallet: true } });
    expect(grid.filter((c) => /^(L|P|B)/.test(c))).toHaveLength(60 + 3 + 1);
    expect(grid.filter((c) => c.startsWith('ad:'))).toHaveLength(5);
    expect(new Set(grid).size).toBe(grid.length);
  });

  it.each<[string, number, Opts, Record<number, string>]>([
    ['liner ads after rows 3, 7, 10, 13 and 16, not counted as cells', 60, { ads: 'liner' }, { 9: 'ad:liner:1', 10: 'L9' }],
    ['liner rows as configured', 30, { ads: 'liner', linerRows: [1] }, { 3: 'ad:liner:1', 4: 'L4' }],
  ])('%s', (_, count, opts, expected) => {
    const grid = cells(count, {}, opts);
    for (const [pos, cell] of Object.entries(expected)) expect([pos, grid[Number(pos)]]).toEqual([pos, cell]);
  });

  it('puts each liner row before cell 3 x row, only where a cell follows (a liner is a row between cells)', () => {
    const grid = cells(60, {}, { ads: 'liner' });
    const withoutLiners = grid.filter((c) => !c.startsWith('ad:liner'));
    const liners = grid.map((c, i) => [c, i] as const).filter(([c]) => c.startsWith('ad:liner'));
    // Each liner's place among the cells (liners before it not counted).
    expect(liners.map(([c, i]) => [c, i - liners.filter(([, j]) => j < i).length])).toEqual([
      ['ad:liner:1', 9],
      ['ad:liner:2', 21],
      ['ad:liner:3', 30],
      ['ad:liner:4', 39],
      ['ad:liner:5', 48],
    ]);
    expect(withoutLiners[7]).toBe('ad:treehouse:1');
    // 19 listings and the treehouse make 20 cells: the row after row 7 (before cell 21) has none after it.
    expect(cells(19, {}, { ads: 'liner' }).filter((c) => c.startsWith('ad:liner'))).toEqual(['ad:liner:1']);
  });

  it('places the carousel row after row 1 by default (3 cells per row)', () => {
    expect(CAROUSEL_ROW).toBe(1);
    expect(rowStart(CAROUSEL_ROW)).toBe(3);
    expect(rowStart(16)).toBe(48);
    expect(rowStart(-2)).toBe(0);
  });

  it('lists the ids of every listing the cells show, tier listings included, and nothing else', () => {
    const boost = [listing('B1', { listingTier: 'boost' })];
    const slots = buildSlots(result(10), { premium, boost }, { flags: { wallet: true } });
    const ids = shownListingIds(slots);
    expect(ids).toEqual(slots.filter((s): s is ListingSlot => s.kind === 'listing').map((s) => s.listing.id));
    expect(ids).toEqual(expect.arrayContaining(['P1', 'P2', 'P3', 'B1', 'L1', 'L10']));
    expect(ids).not.toContain('wallet');
    expect(shownListingIds([])).toEqual([]);
  });

  it('lists the listings of the carousel row among those shown', () => {
    const slots = buildSlots(result(6), { highlights: tier('H', 2, 'vehicleHighlight') }, { flags: { vehicleHighlight: true } });
    expect(shownListingIds(slots)).toEqual(['L1', 'L2', 'L3', 'H1', 'H2', 'L4', 'L5', 'L6']);
  });

  it('keys every cell uniquely and stably', () => {
    const slots = buildSlots(result(60), { premium }, { ads: 'fluid', flags: { wallet: true } });
    expect(new Set(slots.map((s) => s.key)).size).toBe(slots.length);
    expect(slots.filter((s) => s.kind !== 'listing').map((s) => s.key)).toEqual([
      'wallet',
      'ad-treehouse-1',
      'filter-promo',
      'ad-fluid-2',
      'ad-fluid-3',
      'ad-fluid-4',
      'ad-fluid-5',
    ]);
  });
});

describe('carousel row (page-furniture §9: carousel row placement default 1)', () => {
  const highlights = tier('H', 3, 'vehicleHighlight');
  const on: Opts = { flags: { vehicleHighlight: true } };
  const base = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `L${from + i}`);
  it.each<[string, number, TierListings, Opts, string[]]>([
    [
      'after row 1 by default, a full row not counted as a cell',
      6,
      { highlights },
      on,
      [...base(1, 3), 'carousel:H1,H2,H3', ...base(4, 6)],
    ],
    ['after the configured row', 9, { highlights }, { ...on, carouselRow: 2 }, [...base(1, 6), 'carousel:H1,H2,H3', ...base(7, 9)]],
    ['after the last cell of a grid shorter than its row', 2, { highlights }, on, ['L1', 'L2', 'carousel:H1,H2,H3']],
    ['none without vehicle highlights', 4, { highlights: [] }, on, base(1, 4)],
    [
      'none with the flag off: the highlights fill the premium offsets',
      4,
      { highlights },
      { flags: { vehicleHighlight: false } },
      ['H1:highlight', 'H2:highlight', 'H3:highlight', ...base(1, 4)],
    ],
    [
      'configured off: the highlights fill the premium offsets after the premium spotlights',
      4,
      { premium: [tier('P', 1, 'spotlight')], highlights },
      { ...on, carouselRow: null },
      ['P1:sponsored', 'H1:highlight', 'H2:highlight', ...base(1, 4)],
    ],
    [
      'a highlight that is already a card of the first block (a listing of the page, a premium cell) stays a card and is left out of the row',
      6,
      {
        premium: [[listing('H1', { listingTier: 'spotlight' }), listing('P1', { listingTier: 'spotlight' })]],
        highlights: [listing('H1'), listing('L2'), listing('H3')],
      },
      on,
      ['H1:sponsored', 'P1:sponsored', 'L1', 'carousel:H3', 'L2', 'L3', 'L4', 'L5', 'L6'],
    ],
    [
      'every highlight already a card: no row, and no highlight in the premium cells either',
      3,
      { highlights: [listing('L2')] },
      on,
      ['L1', 'L2', 'L3'],
    ],
    [
      'highlights without an id or repeated are left out',
      3,
      { highlights: [listing('H1'), listing(''), listing('H1')] },
      on,
      ['L1', 'L2', 'L3', 'carousel:H1'],
    ],
    [
      'ahead of a liner row at the same place; neither moves the ad positions',
      6,
      { highlights },
      { ...on, ads: 'liner', linerRows: [1] },
      [...base(1, 3), 'carousel:H1,H2,H3', 'ad:liner:1', ...base(4, 6)],
    ],
  ])('%s', (_, count, tiers, opts, expected) => {
    expect(cells(count, tiers, opts)).toEqual(expected);
  });

  it('holds the highlights as listing slots of the highlight tier, with their owners', () => {
    const slots = buildSlots(result(3), { highlights: [listing('H1', { ownerId: 'DH' })], owners: [owner('DH')] }, on);
    const row = slots.find((s) => s.kind === 'carousel');
    expect(row?.kind === 'carousel' && row.items.map((i) => [i.listing.id, i.tier, i.owner?.id])).toEqual([['H1', 'highlight', 'DH']]);
    expect(slots.filter((s) => isFullRow(s))).toEqual([row]);
  });
});

describe('eager photos (search-results §9: the first 3 spotlight images load eagerly on small screens)', () => {
  const base = (n: number) => Array.from({ length: n }, (_, i) => listing(`L${i + 1}`));
  const spot = (id: string, tierOf: ListingSlot['tier']): Slot => ({
    kind: 'listing',
    key: id,
    listing: listing(id),
    owner: undefined,
    tier: tierOf,
  });
  const plain = (id: string): Slot => spot(id, null);
  const ad: Slot = { kind: 'ad', key: 'ad-fluid-1', ad: 'fluid', number: 1 };
  it.each<[string, Slot[], number[]]>([
    [
      'three spotlights first: those three',
      [spot('P1', 'sponsored'), spot('P2', 'sponsored'), spot('P3', 'featured'), plain('L1'), plain('L2')],
      [0, 1, 2],
    ],
    [
      'spotlights further down: the first row and the first 3 spotlights',
      [
        plain('L1'),
        plain('L2'),
        plain('L3'),
        plain('L4'),
        spot('F1', 'featured'),
        spot('F2', 'featured'),
        spot('F3', 'sponsored'),
        spot('F4', 'featured'),
      ],
      [0, 1, 2, 4, 5, 6],
    ],
    ['no spotlight: the first row', base(6).map((l) => plain(l.id)), [0, 1, 2]],
    [
      'other tiers are not spotlights',
      [plain('L1'), plain('L2'), plain('L3'), spot('B1', 'recommended'), spot('K1', 'simplified')],
      [0, 1, 2],
    ],
    ['an ad in the first row has no photo to load', [ad, plain('L1'), plain('L2'), plain('L3')], [1, 2]],
  ])('%s', (_, slots, eager) => {
    expect([...eagerImageCells(slots)].sort((a, b) => a - b)).toEqual(eager);
  });
});

describe('the creatives the server render asks for (ads.ts)', () => {
  it.each<[string, number, Opts, string[]]>([
    // Every ad cell the layout has (the grid reaches the later ones only with later pages).
    [
      "fluid, 24 listings: the treehouse in the first fluid ad's cell",
      24,
      { ads: 'fluid' },
      ['treehouse:1', 'fluid:2', 'fluid:3', 'fluid:4', 'fluid:5'],
    ],
    ['fluid, 7 listings: the first fluid ad', 7, { ads: 'fluid' }, ['fluid:1', 'fluid:2', 'fluid:3', 'fluid:4', 'fluid:5']],
    [
      'liner, 24 listings: the treehouse and five liner rows',
      24,
      { ads: 'liner' },
      ['treehouse:1', 'liner:1', 'liner:2', 'liner:3', 'liner:4', 'liner:5'],
    ],
    ['none', 60, { ads: 'none' }, []],
  ])('%s', (_, listings, opts, expected) => {
    const asked = layoutAdUrls(listings, opts).map((u) => {
      const q = new URL(u, 'http://x').searchParams;
      return `${q.get('slot')}:${q.get('number')}`;
    });
    expect(asked.sort()).toEqual([...expected].sort());
  });
});
