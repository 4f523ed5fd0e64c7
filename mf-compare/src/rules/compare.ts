import { LIMITS, type CompareItem, type Listing } from '@cfs/contracts';
import { displayTitle, primaryImage } from '@cfs/search-query';

/** A listing can be added once, and at most 5 are active (spec: Compare). */
export function addToCompare(items: CompareItem[], listing: Listing): CompareItem[] {
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
