/**
 * What one listing card shows, computed from a listing and its owner (joined by ownerId).
 * Pure, so every display rule is tested without rendering.
 */
import type { Listing, ListingImage, Owner } from '@cfs/contracts';
import { displayTitle, formatPrice, roundDistance } from '@cfs/search-query';
import { vdpHref } from './rules';

/**
 * Shown when a listing has no sale price. The spec does not show this case; 'Contact for price'
 * tells the shopper what to do next and links to the detail page's pricing section.
 */
export const PRICE_MISSING = 'Contact for price';

/** Label for a private seller (the spec has a private-seller flag; the label is our design). */
export const PRIVATE_SELLER = 'Private Seller';

export interface CardModel {
  id: string;
  /** Title cut at ' w/'. */
  title: string;
  year: number;
  /** "$12,345", or PRICE_MISSING. */
  price: string;
  /** "12,345 mi", or null when the listing carries no mileage. */
  mileage: string | null;
  /** "12.35 mi away", or null when no ZIP was searched (no distance). */
  distance: string | null;
  image: ListingImage | null;
  seller: { name: string; privateSeller: boolean } | null;
  detailHref: string;
  pricingHref: string;
}

export function formatMileage(miles: number): string {
  return `${Math.round(miles).toLocaleString('en-US')} mi`;
}

/** Distance is rounded to 2 decimals: 12.3456 -> "12.35 mi away". */
export function formatDistance(miles: number): string {
  return `${roundDistance(miles).toLocaleString('en-US', { maximumFractionDigits: 2 })} mi away`;
}

export function formatSalePrice(salePrice: number | undefined): string {
  return typeof salePrice === 'number' && Number.isFinite(salePrice) && salePrice > 0 ? formatPrice(salePrice) : PRICE_MISSING;
}

/** The primary image (images.sources[images.primary]); its alt falls back to the title. */
export function primaryImage(listing: Listing, title: string): ListingImage | null {
  const { sources, primary } = listing.images ?? { sources: [], primary: 0 };
  const img = sources?.[primary] ?? sources?.[0];
  if (!img?.src) return null;
  return { src: img.src, alt: img.alt?.trim() || title };
}

export function cardModel(listing: Listing, owner: Owner | undefined): CardModel {
  const title = displayTitle(listing.title);
  const miles = listing.mileage?.value;
  const distance = owner?.distanceFromSearch;
  return {
    id: listing.id,
    title,
    year: listing.year,
    price: formatSalePrice(listing.pricingDetail?.salePrice),
    mileage: typeof miles === 'number' && Number.isFinite(miles) ? formatMileage(miles) : null,
    distance: typeof distance === 'number' && Number.isFinite(distance) ? formatDistance(distance) : null,
    image: primaryImage(listing, title),
    seller: owner ? { name: owner.name, privateSeller: owner.privateSeller } : null,
    detailHref: vdpHref(listing.vdpBaseUrl, 'listing'),
    pricingHref: vdpHref(listing.vdpBaseUrl, 'listing', 'pricingDetails'),
  };
}
