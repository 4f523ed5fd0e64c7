/**
 * How a listing is shown wherever it appears (results grid, dealer showcase, compare drawer):
 * its price text, its primary image and the link to its vehicle detail page. One rule each, so
 * every remote shows a listing the same way. Values come from upstream data: links and image
 * sources are sanitised here, once.
 */
import type { Listing, ListingImage, PricingDetail, PRICING_ANCHOR } from '@cfs/contracts';
import { formatNumber } from './display';
import { formatPrice } from './price';

/**
 * Shown when a listing has no sale price. Designed: the spec does not show this case; 'Contact
 * for price' tells the shopper what to do next (the card links it to the detail page's pricing).
 */
export const PRICE_MISSING = 'Contact for price';

/** A sale price as "$12,345"; PRICE_MISSING when there is none (absent, 0 or not a number). */
export function priceText(salePrice: unknown): string {
  return typeof salePrice === 'number' && Number.isFinite(salePrice) && salePrice > 0 ? formatPrice(salePrice) : PRICE_MISSING;
}

/**
 * Only same-origin paths and http(s) URLs from the data become links or image sources: no
 * `javascript:`, `data:` or protocol-relative (`//host`, `/\host`) values.
 */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || !href) return undefined;
  if (href.startsWith('/')) return /^\/[/\\]/.test(href) ? undefined : href;
  return /^https?:\/\/[^/\\]/i.test(href) ? href : undefined;
}

/**
 * Click types the vehicle detail page is told about: 'listing' from the results grid,
 * 'spotlight' from the dealer showcase (designed: the spec names the parameter, not its values).
 */
export type ClickType = 'listing' | 'spotlight';

/**
 * The vehicle detail page is reached by its base URL plus a click-type parameter; pricing details
 * use the anchor #pricingDetails (page-furniture §2 "Other"). Undefined when the base URL is not
 * a safe link (see `safeHref`): the listing is then shown without a link.
 */
export function vdpHref(vdpBaseUrl: unknown, clickType: ClickType, anchor?: typeof PRICING_ANCHOR): string | undefined {
  const base = safeHref(vdpBaseUrl);
  if (!base) return undefined;
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}clickType=${encodeURIComponent(clickType)}${anchor ? `#${anchor}` : ''}`;
}

/**
 * The primary image: `images.sources[images.primary]`, else the first source; null when there is
 * none or its source is not safe. Its alt text falls back to the listing's title.
 */
export function primaryImage(listing: Pick<Listing, 'images'>, title: string): ListingImage | null {
  const sources = Array.isArray(listing?.images?.sources) ? listing.images.sources : [];
  if (!sources.length) return null;
  return listingImage(sources[listing.images.primary as number] ?? sources[0], title);
}

/** One of a listing's image sources as shown: null when its source is not safe; its alt text falls back to the title. */
export function listingImage(img: { src?: unknown; alt?: unknown } | undefined, title: string): ListingImage | null {
  const src = safeHref(img?.src);
  if (!src) return null;
  return { src, alt: (typeof img?.alt === 'string' && img.alt.trim()) || title };
}

/**
 * A listing's monthly payment: "$456/mo", or with its terms "$456/mo for 72 months"; null when the
 * listing carries none (no payments, or not a positive amount).
 */
export function paymentText(payments: PricingDetail['payments'] | null | undefined, withTerm = false): string | null {
  if (!payments || !(typeof payments.monthly === 'number' && Number.isFinite(payments.monthly) && payments.monthly > 0)) return null;
  const base = `${formatPrice(payments.monthly)}/mo`;
  return withTerm && payments.termMonths > 0 ? `${base} for ${payments.termMonths} months` : base;
}

/** Fuel economy: "22 city / 29 highway MPG"; null when the listing gives neither figure. */
export function fuelEconomyText(listing: Pick<Listing, 'specifications'>): string | null {
  const mpg = listing.specifications?.mpg;
  return mpg && (mpg.city > 0 || mpg.highway > 0) ? `${mpg.city} city / ${mpg.highway} highway MPG` : null;
}

/** Electric range: "250 miles"; null when the listing gives none. */
export function electricRangeText(listing: Pick<Listing, 'specifications'>): string | null {
  const range = listing.specifications?.mileRange;
  return typeof range === 'number' && range > 0 ? `${formatNumber(range)} miles` : null;
}
