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
 */
import type { Listing, Owner, SearchResult } from '@cfs/contracts';

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

export interface ListingSlot {
  kind: 'listing';
  key: string;
  listing: Listing;
  owner: Owner | undefined;
  /** The tier the cell was placed as; null for the base search's listings. */
  tier: Tier | null;
}

export type Slot = ListingSlot;

/** The tier listings of a search, as the tier calls answered them. */
export interface TierListings {
  /** Per block (index = block number): its premium spotlights (and vehicle highlights after them). */
  premium?: readonly (readonly Listing[])[];
  /** Per block: fourth-tier candidates (featured spotlights); the first not already placed is used. */
  fourthTier?: readonly (readonly Listing[])[];
  /** Boost listings of the first block (positions 6 and 22). */
  boost?: readonly Listing[];
  /** Peekaboo candidates (the first not already placed goes to the peekaboo position). */
  peekaboo?: readonly Listing[];
  /** Owners of the tier listings (joined by ownerId, beside the search's own). */
  owners?: readonly Owner[];
}

export interface SlotOptions {
  /** Listings per page of the search (the second boost needs at least 75). */
  pageSize?: number;
  /** The peekaboo position when configured (default 9). */
  peekabooPosition?: number;
}

/** Listings are de-duplicated by id (page-furniture §5); the first occurrence wins. */
export function dedupeById(listings: readonly Listing[]): Listing[] {
  const seen = new Set<string>();
  return listings.filter((l) => {
    if (seen.has(l.id)) return false;
    seen.add(l.id);
    return true;
  });
}

/** Owners are joined to listings by ownerId. */
export function ownersById(owners: readonly Owner[]): Map<string, Owner> {
  return new Map(owners.map((o) => [o.id, o]));
}

/** Boost listings a page carries: 2 when page size and results are at least 75, else 1. */
export function boostCount(pageSize: number, totalResults: number): 1 | 2 {
  return pageSize >= SECOND_BOOST_MIN && totalResults >= SECOND_BOOST_MIN ? 2 : 1;
}

const hasId = (l: Listing | undefined): l is Listing => !!l && typeof l.id === 'string' && l.id.length > 0;

/** The cells of one block: position -> tier listing, for the positions the tiers ask for. */
function blockInserts(
  block: number,
  tiers: TierListings,
  placed: ReadonlySet<string>,
  totalResults: number,
  opts: SlotOptions,
): Map<number, { listing: Listing; tier: Tier }> {
  const inserts = new Map<number, { listing: Listing; tier: Tier }>();
  const taken = new Set(placed);
  const take = (pos: number, candidates: readonly Listing[] | undefined, tier: (l: Listing) => Tier) => {
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

export function buildSlots(result: SearchResult | null, tiers: TierListings = {}, opts: SlotOptions = {}): Slot[] {
  if (!result) return [];
  const owners = ownersById([...(tiers.owners ?? []), ...(result.owners ?? [])]);
  const slot = (listing: Listing, tier: Tier | null): Slot => ({
    kind: 'listing',
    key: `listing-${listing.id}`,
    listing,
    owner: owners.get(listing.ownerId),
    tier,
  });
  const base = result.listings;
  const placed = new Set<string>();
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
    const cells: Slot[] = [];
    let q = 0;
    // Walk the block's positions: a tier cell where one is due, else the next base listing. A
    // position is filled only when the block reaches it (that many cells come before it).
    for (let pos = 0; q < queue.length || inserts.has(pos); pos++) {
      const ins = inserts.get(pos);
      if (ins) {
        cells.push(slot(ins.listing, ins.tier));
        inserts.delete(pos);
      } else cells.push(slot(queue[q++], null));
    }
    // A tier listing whose position was not reached is not shown as a tier: its copy in this
    // block's base search (dropped above as a duplicate) is shown in its place at the end.
    for (const { listing } of inserts.values()) {
      const copy = blockBase.find((l) => l.id === listing.id);
      if (copy) cells.push(slot(copy, null));
      else placed.delete(listing.id);
    }
    out.push(...cells);
  }
  return out;
}
