/**
 * The showcase context rule (page-furniture spec §4 Showcase) and the two facts it reads.
 */
import type { PageListing, SearchQuery } from '@cfs/contracts';

export type ShowcaseContext = 'inventory' | 'owner';

/**
 * With the exact-match feature on: 'inventory' if the listing is the alpha listing AND an exact
 * match of the filters, else 'owner'. With it off: 'owner' if the listing is not alpha, else
 * 'inventory'.
 */
export function showcaseContext(input: { exactMatchFlag: boolean; alpha: boolean; exactMatch: boolean }): ShowcaseContext {
  if (input.exactMatchFlag) return input.alpha && input.exactMatch ? 'inventory' : 'owner';
  return input.alpha ? 'inventory' : 'owner';
}

/**
 * "Alpha listing" (the spec names it without defining it; this is our reading):
 * - alphaCriteria flag on: the alpha listing is the first listing of the premium results, provided
 *   its owner is the showcase owner. So a showcase listing is alpha only when it heads the premium
 *   results; a dealer preferred through showcaseOwnerId whose listing is further down is not alpha.
 * - alphaCriteria flag off: the criteria are not applied, and every showcase listing (which always
 *   belongs to the showcase owner) counts as alpha.
 */
export function isAlphaListing(listing: PageListing, premium: PageListing[], showcaseOwnerId: string, alphaCriteria: boolean): boolean {
  if (!alphaCriteria) return listing.ownerId === showcaseOwnerId;
  const first = premium[0];
  return !!first && first.id === listing.id && first.ownerId === showcaseOwnerId;
}

const inList = (selected: string[] | undefined, value: string | undefined): boolean =>
  !selected?.length || (!!value && selected.some((s) => s.toUpperCase() === value.toUpperCase()));

/**
 * "Exact match" (our reading): the listing's make, model, year and listing type satisfy every
 * selected make, model, year-range and listing-type filter. Filters that are not set match anything.
 */
export function isExactMatch(listing: PageListing, query: SearchQuery): boolean {
  if (!inList(query.makeCode, listing.make?.code)) return false;
  if (!inList(query.modelCode, listing.model?.code)) return false;
  if (!inList(query.listingType, listing.listingType)) return false;
  if (query.startYear && listing.year < query.startYear) return false;
  if (query.endYear && listing.year > query.endYear) return false;
  return true;
}
