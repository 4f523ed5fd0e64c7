/**
 * The showcase's data: the premium spotlight call, and which listing and dealer it shows.
 */
import { API_PATHS, LIMITS, SEARCH_PATH, type PageListing, type PageOwner, type SearchQuery, type PageSearchResult } from '@cfs/contracts';
import { serializeQuery } from '@cfs/search-query';

export const SPOTLIGHT_PATH = API_PATHS.premiumSpotlight;

/** GET premium spotlight: the current search query plus numSpotlights=3, listingTier=premium, spotlightPage=1. */
export function spotlightUrl(query: SearchQuery): string {
  const qs = serializeQuery(query);
  const tier = `numSpotlights=${LIMITS.premiumSpotlights}&listingTier=premium&spotlightPage=1`;
  return `${SPOTLIGHT_PATH}?${qs ? `${qs}&` : ''}${tier}`;
}

export interface Showcase {
  /** The showcase listing. */
  listing: PageListing;
  /** The sponsoring dealer: the showcase listing's owner. */
  owner: PageOwner;
  /** The premium listings in answer order (without id-less entries and duplicates). */
  premium: PageListing[];
  /** The dealer's vehicles among the premium listings, at most 12 (the carousel). */
  vehicles: PageListing[];
}

/** Listings without an id are removed from spotlights; listings are de-duplicated by id (page-furniture §5). */
export function premiumListings(result: PageSearchResult): PageListing[] {
  const seen = new Set<string>();
  return result.listings.filter((l) => {
    if (!l?.id || seen.has(l.id)) return false;
    seen.add(l.id);
    return true;
  });
}

/**
 * The showcase listing is the first premium listing and its owner the sponsoring dealer. When the
 * query names a showcaseOwnerId, that owner's first premium listing is preferred (falling back to
 * the first premium listing when that owner has none). Null when there is nothing to show: no
 * listing, or its owner is missing from the answer (spec: nothing shows if the owner is missing).
 */
export function pickShowcase(result: PageSearchResult | null, query: SearchQuery): Showcase | null {
  if (!result) return null;
  const premium = premiumListings(result);
  const preferred = query.showcaseOwnerId ? premium.find((l) => l.ownerId === query.showcaseOwnerId) : undefined;
  const listing = preferred ?? premium[0];
  if (!listing) return null;
  const owner = result.owners?.find((o) => o.id === listing.ownerId);
  if (!owner) return null;
  const vehicles = premium.filter((l) => l.ownerId === owner.id).slice(0, LIMITS.showcaseCarouselMax);
  return { listing, owner, premium, vehicles };
}

/** 'View All Cars' in the owner context: the search page narrowed to this dealer. */
export function ownerInventoryHref(ownerId: string): string {
  return `${SEARCH_PATH}?showcaseOwnerId=${encodeURIComponent(ownerId)}`;
}
