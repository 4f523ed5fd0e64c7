/** Listing type rules (search-results spec §3, page-furniture spec §2). */
import { LISTING_TYPES, type Brand, type ListingType } from '@cfs/contracts';

/** Brands whose listing type defaults to USED when none is given: the main and the magazine brand. */
export const USED_BY_DEFAULT_BRANDS: readonly Brand[] = ['atc', 'magazine'];

export function isListingType(v: string): v is ListingType {
  return (LISTING_TYPES as readonly string[]).includes(v);
}

/** Listing types: case folded, only LISTING_TYPES kept; none left means the brand default (USED or nothing). */
export function normaliseListingTypes(types: string[] | undefined, brand: Brand | undefined): ListingType[] {
  const out: ListingType[] = [];
  for (const t of types ?? []) {
    const up = t.toUpperCase();
    if (isListingType(up) && !out.includes(up)) out.push(up);
  }
  if (!out.length && brand && USED_BY_DEFAULT_BRANDS.includes(brand)) out.push('USED');
  return out;
}

/** Breadcrumbs show 3P_CERT (third-party certified) as USED. */
export function breadcrumbListingType(t: string): string {
  return t === '3P_CERT' ? 'USED' : t;
}
