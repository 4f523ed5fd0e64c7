/**
 * What one listing card shows, computed from a listing and its owner (joined by ownerId).
 * Pure, so every display rule is tested without rendering.
 */
import type { ListingImage, Listing, Owner } from '@cfs/contracts';
import { displayTitle, priceText, primaryImage, roundDistance, vdpHref } from '@cfs/search-query';

/** Label for a private seller (the spec has a private-seller flag; the label is our design). */
export const PRIVATE_SELLER = 'Private Seller';

export interface CardModel {
  id: string;
  /** Title cut at ' w/'. */
  title: string;
  year: number;
  /** "$12,345", or search-query's PRICE_MISSING. */
  price: string;
  /** "12,345 mi", or null when the listing carries no mileage. */
  mileage: string | null;
  /** "12.35 mi away", or null when no ZIP was searched (no distance). */
  distance: string | null;
  image: ListingImage | null;
  seller: { name: string; privateSeller: boolean } | null;
  /** The vehicle detail page; undefined when the listing's base URL is not a safe link. */
  detailHref: string | undefined;
  pricingHref: string | undefined;
}

export function formatMileage(miles: number): string {
  return `${Math.round(miles).toLocaleString('en-US')} mi`;
}

/** Distance is rounded to 2 decimals: 12.3456 -> "12.35 mi away". */
export function formatDistance(miles: number): string {
  return `${roundDistance(miles).toLocaleString('en-US', { maximumFractionDigits: 2 })} mi away`;
}

export function cardModel(listing: Listing, owner: Owner | undefined): CardModel {
  const title = displayTitle(listing.title);
  const miles = listing.mileage?.value;
  const distance = owner?.distanceFromSearch;
  return {
    id: listing.id,
    title,
    year: listing.year,
    price: priceText(listing.pricingDetail?.salePrice),
    mileage: typeof miles === 'number' && Number.isFinite(miles) ? formatMileage(miles) : null,
    distance: typeof distance === 'number' && Number.isFinite(distance) ? formatDistance(distance) : null,
    image: primaryImage(listing, title),
    seller: owner ? { name: owner.name, privateSeller: owner.privateSeller } : null,
    detailHref: vdpHref(listing.vdpBaseUrl, 'listing'),
    pricingHref: vdpHref(listing.vdpBaseUrl, 'listing', 'pricingDetails'),
  };
}
