import { LIMITS, type CompareItem, type CompareReading, type PageListing } from '@cfs/contracts';
import { displayTitle, primaryImage } from '@cfs/search-query';

/** A listing can be added once, and at most 5 are active (spec: Compare). */
export function addToCompare(items: CompareItem[], listing: PageListing): CompareItem[] {
  if (items.some((i) => i.id === listing.id) || items.length >= LIMITS.compareMax) return items;
  const title = displayTitle(listing.title);
  return [
    ...items,
    {
      id: listing.id,
      title,
      price: listing.pricingDetail?.salePrice ?? null,
      // The primary image as every remote picks it (search-query), its source sanitised.
      image: primaryImage(listing, title)?.src ?? null,
      year: listing.year,
    },
  ];
}

export function removeFromCompare(items: CompareItem[], id: string): CompareItem[] {
  return items.filter((i) => i.id !== id);
}

/**
 * A compare button's click ('compare:add') under the brand's reading (contracts
 * `compareReadingFor`): search-results' reading adds once (a listing already added stays);
 * page-furniture's reading makes a second click on an added listing remove it.
 */
export function compareClick(items: CompareItem[], listing: PageListing, reading: CompareReading): CompareItem[] {
  if (reading === 'secondClickRemoves' && items.some((i) => i.id === listing.id)) return removeFromCompare(items, listing.id);
  return addToCompare(items, listing);
}

/** The remembered selection first, then what is selected now that it does not hold, at most 5. */
export function mergeSelections(remembered: CompareItem[], current: CompareItem[]): CompareItem[] {
  const ids = new Set(remembered.map((i) => i.id));
  return [...remembered, ...current.filter((i) => !ids.has(i.id))].slice(0, LIMITS.compareMax);
}
