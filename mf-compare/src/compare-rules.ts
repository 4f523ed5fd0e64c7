import { LIMITS, type CompareItem, type Listing } from '@cfs/contracts';
import { displayTitle } from '@cfs/search-query';

/** A listing can be added once, and at most 5 are active (spec: Compare). */
export function addToCompare(items: CompareItem[], listing: Listing): CompareItem[] {
  if (items.some((i) => i.id === listing.id) || items.length >= LIMITS.compareMax) return items;
  return [
    ...items,
    {
      id: listing.id,
      title: displayTitle(listing.title),
      price: listing.pricingDetail.salePrice ?? null,
      image: listing.images.sources[listing.images.primary]?.src ?? listing.images.sources[0]?.src ?? null,
      year: listing.year,
    },
  ];
}

export function removeFromCompare(items: CompareItem[], id: string): CompareItem[] {
  return items.filter((i) => i.id !== id);
}
