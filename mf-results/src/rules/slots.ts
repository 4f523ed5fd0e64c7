/**
 * Slot placement: turns the search result into the ordered cells of the grid.
 *
 * This first slice places only standard listing cells. Tiers and other cells (spotlight, boost,
 * peekaboo, ads, promo and wallet cards at the spec's positions) are added here as further
 * `Slot` kinds, and ResultsList renders each kind with its own component.
 */
import type { Listing, Owner, SearchResult } from '@cfs/contracts';

export interface ListingSlot {
  kind: 'listing';
  key: string;
  listing: Listing;
  owner: Owner | undefined;
}

export type Slot = ListingSlot;

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

export function buildSlots(result: SearchResult | null): Slot[] {
  if (!result) return [];
  const owners = ownersById(result.owners ?? []);
  return dedupeById(result.listings).map((listing) => ({
    kind: 'listing',
    key: `listing-${listing.id}`,
    listing,
    owner: owners.get(listing.ownerId),
  }));
}
