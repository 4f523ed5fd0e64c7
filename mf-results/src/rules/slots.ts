/**
 * Slot placement: turns the search result and the tier listings into the ordered cells of the
 * grid (page-furniture §4 'Load more and listing slots', §5, §9; search-results §9). Every
 * position rule of the grid lives here, table-tested in test/slots.test.ts.
 *
 * Per block of 30 listings of the base search (block b holds base listings 30b to 30b + 29):
 * - premium spotlights ('sponsored') at offsets 0 to 2 of the block (3 at most);
 * - boost ('recommended') at positions 6 and 22 of the first block, the second only when the
 *   page size and the results are both at least 75;
 * - peekaboo ('simplified') at position 9 of the first block, or as configured;
 * - a fourth-tier listing ('featured') at offset 23, the first candidate not already among the
 *   block's premium ones.
 * A position is filled only when the block reaches it (a block of 10 listings has no offset 23).
 * Listings are de-duplicated by id across the whole grid, a tier listing winning over its copy in
 * the base search; tier listings without an id are dropped. Legacy tier names are mapped
 * (spotlight -> sponsored, boost -> recommended, peekaboo -> simplified; search-results §9).
 *
 * Ads and promos (page-furniture §2 'Page parts', §9), at positions of the whole grid (cells
 * counted from the first, tier cells included), each once the grid reaches it:
 * - fluid ad slots at cells 7, 14, 19, 36 and 43, or, in the liner layout, liner ads as full-width
 *   rows after rows 3, 7, 10, 13 and 16 (a liner is not a cell: it does not move the positions);
 *   five slots either way, positions configurable;
 * - the treehouse ad at cell 7 when the page holds 8 or more listings (designed: in the liner
 *   layout, whose rows leave the grid's cells free; the fluid layout has its first ad there);
 * - the inline filter promo at cell 8 when the page holds more than 14 listings;
 * - the wallet card at cell 3 (flag 'wallet').
 * A tier cell whose position a promo or ad holds moves to the next free cell.
 *
 * The carousel row (page-furniture §9 'Carousel row placement default 1'): with the flag
 * 'vehicleHighlight' on and vehicle highlights answered, a full-width row after row 1 (or the
 * configured row; 3 cells per row, like the liner rows, and not counted as a cell) holds them as
 * a horizontal carousel; designed: a grid shorter than that row has it after its last cell. The
 * listings it holds are not repeated in the grid's cells. Without the carousel row (configured
 * off), the highlights fill the premium offsets after the premium spotlights instead.
 */
import type { FeatureFlags, PageListing, PageOwner, PageSearchResult } from '@cfs/contracts';

/** The block of listings the slot offsets repeat over (page-furniture §9). */
export const BLOCK_SIZE = 30;
export const PREMIUM_OFFSETS = [0, 1, 2] as const;
export const FOURTH_TIER_OFFSET = 23;
export const BOOST_POSITIONS = [6, 22] as const;
export const SECOND_BOOST_MIN = 75;
export const PEEKABOO_POSITION = 9;

/** A cell's tier, by its current name. 'highlight' is a vehicle highlight (up to 4 images). */
export type Tier = 'sponsored' | 'featured' | 'recommended' | 'simplified' | 'highlight';

/**
 * The tier of a listing's `listingTier` as the upstream names it (legacy names mapped). A
 * listing of the base search (no tier, or 'standard' in an untiered answer) has none.
 */
export function tierName(listingTier: string | undefined): Tier | null {
  switch (listingTier) {
    case 'spotlight':
    case 'sponsored':
    case 'premium':
      return 'sponsored';
    case 'boost':
    case 'recommended':
      return 'recommended';
    case 'peekaboo':
    case 'simplified':
      return 'simplified';
    case 'featured':
      return 'featured';
    case 'vehicleHighlight':
    case 'highlight':
      return 'highlight';
    default:
      return null;
  }
}

/** How each tier is marked on its card, in a shopper's words (the labels are our design). */
export const TIER_LABELS: Record<Tier, string> = {
  sponsored: 'Sponsored',
  featured: 'Featured',
  recommended: 'Recommended',
  simplified: 'Sponsored',
  highlight: 'Sponsored',
};

/** Texts of the carousel row. designed: the spec places the row but gives it no texts. */
export const CAROUSEL_TEXT = {
  heading: 'Vehicle Highlights',
  previous: 'Previous',
  next: 'Next',
} as const;

/** Ad slots (page-furniture §9): fluid cells, or liner rows (3 per row); five either way. */
export const FLUID_AD_POSITIONS = [7, 14, 19, 36, 43] as const;
export const LINER_AD_ROWS = [3, 7, 10, 13, 16] as const;
/** Five ad slots per layout (page-furniture §9). */
export const AD_SLOTS = 5;
export const GRID_COLUMNS = 3;
export const TREEHOUSE_POSITION = 7;
export const TREEHOUSE_MIN_LISTINGS = 8;
export const FILTER_PROMO_POSITION = 8;
/** The promo shows with more than this many listings. */
export const FILTER_PROMO_ABOVE = 14;
export const WALLET_POSITION = 3;
/** The carousel row's placement: after this many rows of the grid (page-furniture §9: default 1). */
export const CAROUSEL_ROW = 1;

/** The cell before which a full-width row placed after `row` rows goes (3 cells per row). */
export function rowStart(row: number, columns: number = GRID_COLUMNS): number {
  return Math.max(0, Math.floor(row)) * columns;
}

/** Which ads the grid carries: fluid cells, liner rows (with the treehouse cell), or none. */
export type AdLayout = 'fluid' | 'liner' | 'none';
export type AdType = 'fluid' | 'liner' | 'treehouse';

export interface ListingSlot {
  kind: 'listing';
  key: string;
  listing: PageListing;
  owner: PageOwner | undefined;
  /** The tier the cell was placed as; null for the base search's listings. */
  tier: Tier | null;
}

export interface AdSlot {
  kind: 'ad';
  key: string;
  ad: AdType;
  /** Which of the layout's slots (1 to 5; the treehouse is 1): the creative asked for. */
  number: number;
}

export interface FilterPromoSlot {
  kind: 'filter-promo';
  key: string;
}

export interface WalletSlot {
  kind: 'wallet';
  key: string;
}

/** The carousel row: a full-width row holding the vehicle highlights. */
export interface CarouselSlot {
  kind: 'carousel';
  key: string;
  /** The vehicle highlights, in the order the call answered them (tier 'highlight'). */
  items: ListingSlot[];
}

export type Slot = ListingSlot | AdSlot | FilterPromoSlot | WalletSlot | CarouselSlot;

/** Rows that span the grid's width and are not counted as cells: liner ads and the carousel row. */
export function isFullRow(slot: Slot | undefined): boolean {
  return (slot?.kind === 'ad' && slot.ad === 'liner') || slot?.kind === 'carousel';
}

/** The tier listings of a search, as the tier calls answered them. */
export interface TierListings {
  /** Per block (index = block number): its premium spotlights (and vehicle highlights after them). */
  premium?: readonly (readonly PageListing[])[];
  /** Per block: fourth-tier candidates (featured spotlights); the first not already placed is used. */
  fourthTier?: readonly (readonly PageListing[])[];
  /** Boost listings of the first block (positions 6 and 22). */
  boost?: readonly PageListing[];
  /** Vehicle-highlight spotlights: the carousel row's, or (without it) premium offsets after the premium spotlights. */
  highlights?: readonly PageListing[];
  /** Peekaboo candidates (the first not already placed goes to the peekaboo position). */
  peekaboo?: readonly PageListing[];
  /** Owners of the tier listings (joined by ownerId, beside the search's own). */
  owners?: readonly PageOwner[];
}

export interface SlotOptions {
  /** Listings per page of the search (the second boost needs at least 75). */
  pageSize?: number;
  /** The peekaboo position when configured (default 9). */
  peekabooPosition?: number;
  /** The brand's flags ('wallet' places the wallet card). */
  flags?: Partial<FeatureFlags>;
  /** The ad layout (default fluid). */
  ads?: AdLayout;
  /** Fluid ad cells when configured (default 7, 14, 19, 36, 43). */
  adPositions?: readonly number[];
  /** Liner ad rows when configured (default 3, 7, 10, 13, 16). */
  linerRows?: readonly number[];
  /** The inline filter promo (default on). */
  filterPromo?: boolean;
  /** The carousel row: after this many rows (default CAROUSEL_ROW); null: no carousel row. */
  carouselRow?: number | null;
}

/**
 * The promo and ad cells of a grid of `listings` base listings: absolute position -> slot. The
 * first kind to claim a position keeps it (wallet, filter promo, treehouse, fluid ads).
 */
export function furnitureCells(listings: number, opts: SlotOptions = {}): Map<number, Slot> {
  const cells = new Map<number, Slot>();
  const claim = (pos: number, slot: Slot) => {
    if (Number.isInteger(pos) && pos >= 0 && !cells.has(pos)) cells.set(pos, slot);
  };
  const layout = opts.ads ?? 'fluid';
  if (opts.flags?.wallet) claim(WALLET_POSITION, { kind: 'wallet', key: 'wallet' });
  if (opts.filterPromo !== false && listings > FILTER_PROMO_ABOVE)
    claim(FILTER_PROMO_POSITION, { kind: 'filter-promo', key: 'filter-promo' });
  // page-furniture §9: the treehouse ad at 7 with 8 or more listings, in either layout; in the
  // fluid one it takes the first fluid ad's cell (claimed first, it keeps it).
  if (layout !== 'none' && listings >= TREEHOUSE_MIN_LISTINGS) {
    claim(TREEHOUSE_POSITION, { kind: 'ad', key: 'ad-treehouse-1', ad: 'treehouse', number: 1 });
  }
  if (layout === 'fluid') {
    (opts.adPositions ?? FLUID_AD_POSITIONS).slice(0, AD_SLOTS).forEach((pos, i) => {
      claim(pos, { kind: 'ad', key: `ad-fluid-${i + 1}`, ad: 'fluid', number: i + 1 });
    });
  }
  return cells;
}

/** Liner ads: before which cell each goes (a full-width row after rows 3, 7, 10, 13, 16). */
export function linerCells(opts: SlotOptions = {}): Map<number, AdSlot> {
  const out = new Map<number, AdSlot>();
  if ((opts.ads ?? 'fluid') !== 'liner') return out;
  (opts.linerRows ?? LINER_AD_ROWS).slice(0, AD_SLOTS).forEach((row, i) => {
    const at = rowStart(row);
    if (at > 0 && !out.has(at)) out.set(at, { kind: 'ad', key: `ad-liner-${i + 1}`, ad: 'liner', number: i + 1 });
  });
  return out;
}

const hasId = (l: PageListing | undefined): l is PageListing => !!l && typeof l.id === 'string' && l.id.length > 0;

/**
 * The listings of the carousel row: the vehicle highlights with an id, each once, when the flag
 * 'vehicleHighlight' is on and the carousel row is not configured off; otherwise none.
 * designed: a highlight that is already a card of the first block (a listing of the first page
 * or one of its tier cells) stays a card, with its actions, and is left out of the carousel; the
 * first block never changes with later pages, so neither does the carousel.
 */
export function carouselListings(tiers: TierListings, opts: SlotOptions = {}, firstPage: readonly PageListing[] = []): PageListing[] {
  if (opts.flags?.vehicleHighlight !== true || opts.carouselRow === null) return [];
  const cards = new Set(
    [...firstPage, ...(tiers.premium?.[0] ?? []), ...(tiers.fourthTier?.[0] ?? []), ...(tiers.boost ?? []), ...(tiers.peekaboo ?? [])]
      .filter(hasId)
      .map((l) => l.id),
  );
  return dedupeById((tiers.highlights ?? []).filter((l) => hasId(l) && !cards.has(l.id)));
}

/** Listings are de-duplicated by id (page-furniture §5); the first occurrence wins. */
export function dedupeById(listings: readonly PageListing[]): PageListing[] {
  const seen = new Set<string>();
  return listings.filter((l) => {
    if (seen.has(l.id)) return false;
    seen.add(l.id);
    return true;
  });
}

/** Owners are joined to listings by ownerId. */
export function ownersById(owners: readonly PageOwner[]): Map<string, PageOwner> {
  return new Map(owners.map((o) => [o.id, o]));
}

/** Boost listings a page carries: 2 when page size and results are at least 75, else 1. */
export function boostCount(pageSize: number, totalResults: number): 1 | 2 {
  return pageSize >= SECOND_BOOST_MIN && totalResults >= SECOND_BOOST_MIN ? 2 : 1;
}

/** The cells of one block: position -> tier listing, for the positions the tiers ask for. */
function blockInserts(
  block: number,
  tiers: TierListings,
  placed: ReadonlySet<string>,
  totalResults: number,
  opts: SlotOptions,
): Map<number, { listing: PageListing; tier: Tier }> {
  const inserts = new Map<number, { listing: PageListing; tier: Tier }>();
  const taken = new Set(placed);
  const take = (pos: number, candidates: readonly PageListing[] | undefined, tier: (l: PageListing) => Tier) => {
    const l = (candidates ?? []).find((c) => hasId(c) && !taken.has(c.id));
    if (!l || inserts.has(pos)) return;
    taken.add(l.id);
    inserts.set(pos, { listing: l, tier: tier(l) });
  };
  const premium = (tiers.premium?.[block] ?? []).filter(hasId);
  for (const pos of PREMIUM_OFFSETS) {
    take(pos, premium, (l) => (tierName(l.listingTier) === 'highlight' ? 'highlight' : 'sponsored'));
  }
  if (block === 0) {
    const boosts = boostCount(opts.pageSize ?? 0, totalResults);
    for (const pos of BOOST_POSITIONS.slice(0, boosts)) take(pos, tiers.boost, () => 'recommended');
    take(opts.peekabooPosition ?? PEEKABOO_POSITION, tiers.peekaboo, () => 'simplified');
  }
  // The fourth tier is never one of the premium ones (page-furniture §5), nor anything placed.
  take(FOURTH_TIER_OFFSET, tiers.fourthTier?.[block], () => 'featured');
  return inserts;
}

export function buildSlots(result: PageSearchResult | null, given: TierListings = {}, opts: SlotOptions = {}): Slot[] {
  if (!result) return [];
  const carousel = carouselListings(given, opts, result.listings.slice(0, BLOCK_SIZE));
  const carouselShows = opts.flags?.vehicleHighlight === true && opts.carouselRow !== null;
  // The highlights go to the carousel row when it shows, else to the first block's premium offsets.
  const tiers: TierListings =
    carouselShows || !given.highlights?.length
      ? given
      : { ...given, premium: [[...(given.premium?.[0] ?? []), ...given.highlights], ...(given.premium ?? []).slice(1)] };
  const owners = ownersById([...(tiers.owners ?? []), ...(result.owners ?? [])]);
  const slot = (listing: PageListing, tier: Tier | null): ListingSlot => ({
    kind: 'listing',
    key: `listing-${listing.id}`,
    listing,
    owner: owners.get(listing.ownerId),
    tier,
  });
  const base = result.listings;
  const furniture = furnitureCells(base.length, opts);
  // Listings in the carousel row are not repeated in the cells.
  const placed = new Set<string>(carousel.map((l) => l.id));
  const out: Slot[] = [];
  const blocks = Math.ceil(base.length / BLOCK_SIZE);
  for (let b = 0; b < blocks; b++) {
    const inserts = blockInserts(b, tiers, placed, result.totalResultCount, opts);
    for (const { listing } of inserts.values()) placed.add(listing.id);
    const blockBase = base.slice(b * BLOCK_SIZE, (b + 1) * BLOCK_SIZE);
    const queue = blockBase.filter((l) => {
      if (placed.has(l.id)) return false;
      placed.add(l.id);
      return true;
    });
    // The block's tier cells by their offset in the block, earliest first.
    const pending = [...inserts.entries()].sort((x, y) => x[0] - y[0]);
    const start = out.length;
    let q = 0;
    // Walk the grid's cells: a promo or ad where one is due, else a tier cell whose offset is
    // reached, else the next base listing. A position is filled only when the grid reaches it
    // (that many cells come before it), so a later page never moves a cell already shown.
    const due = () => pending.length > 0 && pending[0][0] <= out.length - start;
    while (q < queue.length || due() || furniture.has(out.length)) {
      const here = furniture.get(out.length);
      if (here) {
        furniture.delete(out.length);
        out.push(here);
      } else if (due()) {
        const [, ins] = pending.shift()!;
        out.push(slot(ins.listing, ins.tier));
      } else out.push(slot(queue[q++], null));
    }
    // A tier listing whose position was not reached is not shown as a tier: its copy in this
    // block's base search (dropped above as a duplicate) is shown in its place at the end.
    for (const [, { listing }] of pending) {
      const copy = blockBase.find((l) => l.id === listing.id);
      if (copy) out.push(slot(copy, null));
      else placed.delete(listing.id);
    }
  }
  const row: CarouselSlot | null = carousel.length
    ? { kind: 'carousel', key: 'carousel-highlights', items: carousel.map((l) => slot(l, 'highlight')) }
    : null;
  return withRows(out, linerCells(opts), row, rowStart(opts.carouselRow ?? CAROUSEL_ROW));
}

/**
 * Ids of every listing the grid's cells show: the search's own and the tier listings placed among
 * them (spotlights, boost, peekaboo, fourth tier) and those of the carousel row. What follows the last page
 * leaves these out (search-results §2: supplemental and similar listings repeat nothing shown).
 */
export function shownListingIds(slots: readonly Slot[]): string[] {
  const ids: string[] = [];
  for (const slot of slots) {
    if (slot.kind === 'listing') ids.push(slot.listing.id);
    else if (slot.kind === 'carousel') ids.push(...slot.items.map((item) => item.listing.id));
  }
  return ids;
}

/**
 * Liner rows go before their cell, only where a cell follows; the carousel row before its cell
 * (ahead of a liner there), or after the last cell of a shorter grid. Neither is counted as a cell.
 */
function withRows(cells: Slot[], liners: Map<number, AdSlot>, carousel: CarouselSlot | null, carouselAt: number): Slot[] {
  if (liners.size === 0 && !carousel) return cells;
  const out: Slot[] = [];
  cells.forEach((cell, i) => {
    if (carousel && i === carouselAt) out.push(carousel);
    const liner = liners.get(i);
    if (liner) out.push(liner);
    out.push(cell);
  });
  if (carousel && cells.length > 0 && carouselAt >= cells.length) out.push(carousel);
  return out;
}
