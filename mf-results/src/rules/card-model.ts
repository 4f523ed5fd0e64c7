/**
 * What one listing card shows, computed from a listing and its owner (joined by ownerId).
 * Pure, so every display rule is tested without rendering.
 */
import {
  PRICING_ANCHOR,
  SELLER_TYPES,
  type FeatureFlags,
  type ListingImage,
  type PageListing,
  type ListingType,
  type PageOwner,
  type UrgencyType,
} from '@cfs/contracts';
import { displayTitle, formatNumber, priceText, primaryImage, roundDistance, safeHref, vdpHref } from '@cfs/search-query';
import { TIER_LABELS, type Tier } from './slots';

/** Label for a private seller: the seller type's name (contracts SELLER_TYPES). */
export const PRIVATE_SELLER = SELLER_TYPES.PRIVATE;

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
  /** The tier's mark ('Sponsored', 'Recommended', ...); null for the base search's listings. */
  tierLabel: string | null;
  /** "$456/mo" (payments flag), or null. */
  payment: string | null;
  /** The payment shows as a ribbon on the recommended (boost) tier (search-results §9). */
  paymentRibbon: boolean;
  /** 'Great Deal' or 'Good Deal', else null. */
  deal: string | null;
  /** "MSRP $45,000" on new listings whose MSRP is above the price, else null. */
  msrp: string | null;
  /** "Includes $1,500 incentive", or null. */
  incentive: string | null;
  reduced: boolean;
  /** Urgency highlight (vehicle highlight flag): its header by type and its value. */
  urgency: { header: string; text: string } | null;
  /** 'New', 'Used', 'Certified' or 'Third-Party Certified'. */
  listingType: string;
  /** "12 views in the past 7 days", or null. */
  views: string | null;
  /** "Rated 4.6 of 5 (123 reviews)", or null. */
  dealerRating: string | null;
  /** Home services (flag) and the shipping label. */
  homeServices: string[];
  shippingLabel: string | null;
  /** The dealer's site when the dealer name is clickable (flag), else undefined. */
  dealerHref: string | undefined;
  /** Certified program tiles, at most 2. */
  certifiedTiles: string[];
  /** Extra photos of a vehicle highlight (up to 4 in all); empty otherwise. */
  moreImages: ListingImage[];
  /** 360 images (flag) when the listing has a spin. */
  has360: boolean;
  /** The eligibility call said the listing can be bought online (failure: false). */
  buyOnline: boolean;
  /** NEARBY_MARKET_NOTE on a listing from a neighbouring market (market extension flag), else null. */
  nearbyMarket: string | null;
  /**
   * The listing's specifications the card shows, each with its name (search-results §3
   * specifications: mpg, mileRange, engine, driveType), in that order, those it carries only.
   */
  specs: { name: string; value: string }[];
  /** The seller's marks (search-results §3 hasSpecialOffer, isHot): SPECIAL_OFFER, HOT_LISTING. */
  marks: string[];
}

export interface CardOptions {
  tier?: Tier | null;
  flags?: Partial<FeatureFlags>;
  /** The eligibility call's answer for this listing (absent, failed or open breaker: ineligible). */
  eligible?: boolean;
}

export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  NEW: 'New',
  USED: 'Used',
  CERTIFIED: 'Certified',
  '3P_CERT': 'Third-Party Certified',
};

export const DEAL_LABELS: Record<string, string> = { GREAT: 'Great Deal', GOOD: 'Good Deal' };

/** Headers of the urgency highlight by type (the default shows no header). */
export const URGENCY_HEADERS: Record<UrgencyType, string> = {
  DEALER_INCENTIVE: 'Dealer Incentive',
  PRICE_REDUCED: 'Price Drop',
  NEWLY_LISTED: 'Newly Listed',
  WARRANTY: 'Warranty',
  RETURN: 'Return Policy',
  INCENTIVES: 'Incentives',
};

/** Dealer home services as the 'Dealer Home Services' filter names them. */
export const HOME_SERVICE_LABELS: Record<string, string> = {
  BUY_ONLINE: 'Buy Online',
  ONLINE_PAPERWORK: 'Online Paperwork',
  HOME_DELIVERY: 'Home Delivery',
  HOME_TEST_DRIVE: 'Home Test Drive',
  VIRTUAL_APPOINTMENTS: 'Virtual Appointments',
};

export const REDUCED_PRICE = 'Price Reduced';
/** designed: the marks of a listing with a special offer, and of one in demand (search-results §3 hasSpecialOffer, isHot). */
export const SPECIAL_OFFER = 'Special Offer';
export const HOT_LISTING = 'Hot Car';
/**
 * designed: the note on a listing from a neighbouring market (page-furniture §3 Listing
 * `marketExtension {parentOwnerId, imeDmaMatch}`), shown with the flag marketExtension.
 */
export const NEARBY_MARKET_NOTE = 'From a nearby market';
/** designed: the mark of a listing the eligibility call finds sellable online. */
export const BUY_ONLINE_ELIGIBLE = 'Available to buy online';
/**
 * Views show only when more than 3 people viewed the listing in 7 days: the spec's 'numviewed'
 * reason (page-furniture §4 'Still-interested alert': more than 3 viewers) is our threshold.
 */
export const VIEWS_ABOVE = 3;
/** At most 4 images for a vehicle highlight (search-results §9). */
export const HIGHLIGHT_IMAGES = 4;
export const MAX_CERTIFIED_TILES = 2;
const GM_MAKES = ['BUICK', 'CHEV', 'GMC'];
const CHRYSLER_MAKES = ['CHRY', 'DODGE', 'JEEP', 'RAM', 'FIAT'];

const money = (n: number) => `$${formatNumber(Math.round(n))}`;
const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** designed: how the card writes a listing's specifications. */
export function cardSpecs(listing: Pick<PageListing, 'specifications'>): { name: string; value: string }[] {
  const s = listing.specifications ?? {};
  const out: { name: string; value: string }[] = [];
  if (positive(s.mpg?.city) && positive(s.mpg?.highway))
    out.push({ name: 'Fuel economy', value: `${s.mpg.city} city / ${s.mpg.highway} hwy MPG` });
  if (positive(s.mileRange)) out.push({ name: 'Electric range', value: `${formatNumber(s.mileRange)} mi electric range` });
  const engine = text(s.engine);
  if (engine) out.push({ name: 'Engine', value: engine });
  const drive = text(s.driveType);
  if (drive) out.push({ name: 'Drive type', value: drive });
  return out;
}

/**
 * Certified program tiles (page-furniture §4 'Dealer and certified tiles'): none for
 * FORD_BLUE_CERT; BUICK, CHEV and GMC share one GM tile, the Chrysler group another; at most 2.
 */
export function certifiedTiles(products: readonly { product?: string; makeCode: string; makeName: string }[]): string[] {
  const tiles: string[] = [];
  for (const { product, makeCode, makeName } of products) {
    if (!product || product === 'FORD_BLUE_CERT') continue;
    const code = makeCode.toUpperCase();
    const tile = GM_MAKES.includes(code)
      ? 'GM Certified Pre-Owned'
      : CHRYSLER_MAKES.includes(code)
        ? 'Chrysler Group Certified Pre-Owned'
        : `${makeName} Certified Pre-Owned`;
    if (!tiles.includes(tile)) tiles.push(tile);
  }
  return tiles.slice(0, MAX_CERTIFIED_TILES);
}

export function formatMileage(miles: number): string {
  return `${formatNumber(Math.round(miles))} mi`;
}

/** Distance is rounded to 2 decimals: 12.3456 -> "12.35 mi away". */
export function formatDistance(miles: number): string {
  return `${formatNumber(roundDistance(miles), 2)} mi away`;
}

export function cardModel(listing: PageListing, owner: PageOwner | undefined, opts: CardOptions = {}): CardModel {
  const title = displayTitle(listing.title);
  const miles = listing.mileage?.value;
  const distance = owner?.distanceFromSearch;
  const flags = opts.flags ?? {};
  const tier = opts.tier ?? null;
  const pd = listing.pricingDetail ?? {};
  const monthly = pd.payments?.monthly;
  const payment = flags.payments && positive(monthly) ? `${money(monthly)}/mo` : null;
  const vh = listing.vehicleHighlight;
  const urgencyHeader = vh?.isVehicleHighlight ? URGENCY_HEADERS[vh.urgencyDriverType] : undefined;
  const highlight = flags.vehicleHighlight === true && (tier === 'highlight' || tier === 'sponsored') && !!urgencyHeader;
  const sources = listing.images?.sources ?? [];
  const primary = primaryImage(listing, title);
  const rating = owner?.rating;
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
    pricingHref: vdpHref(listing.vdpBaseUrl, 'listing', PRICING_ANCHOR),
    tierLabel: tier ? TIER_LABELS[tier] : null,
    payment,
    paymentRibbon: payment !== null && tier === 'recommended',
    deal: DEAL_LABELS[pd.dealIndicator ?? ''] ?? null,
    msrp:
      listing.listingType === 'NEW' && positive(pd.msrp) && (!positive(pd.salePrice) || pd.msrp > pd.salePrice)
        ? `MSRP ${money(pd.msrp)}`
        : null,
    incentive: positive(pd.incentive) ? `Includes ${money(pd.incentive)} incentive` : null,
    reduced: listing.isReducedPrice === true,
    urgency: flags.vehicleHighlight && urgencyHeader && vh ? { header: urgencyHeader, text: vh.urgencyDriverValue } : null,
    listingType: LISTING_TYPE_LABELS[listing.listingType] ?? LISTING_TYPE_LABELS.USED,
    views: viewsText(listing.viewCount),
    dealerRating:
      rating && positive(rating.value)
        ? `Rated ${rating.value.toFixed(1)} of 5${positive(rating.count) ? ` (${formatNumber(rating.count)} ${rating.count === 1 ? 'review' : 'reviews'})` : ''}`
        : null,
    homeServices: flags.homeServices ? (owner?.homeServices ?? []).map((h) => HOME_SERVICE_LABELS[h]).filter((h): h is string => !!h) : [],
    shippingLabel: owner?.shippingLabel || null,
    dealerHref: flags.clickableDealerName && owner && !owner.privateSeller ? safeHref(owner.website?.href) : undefined,
    certifiedTiles:
      listing.listingType === 'CERTIFIED'
        ? certifiedTiles([{ product: listing.certifiedProduct, makeCode: listing.make?.code ?? '', makeName: listing.make?.name ?? '' }])
        : [],
    moreImages: highlight && primary ? sources.filter((src) => src.src !== primary.src).slice(0, HIGHLIGHT_IMAGES - 1) : [],
    has360: flags.images360 === true && spinId(listing) !== null,
    buyOnline: opts.eligible === true,
    nearbyMarket: flags.marketExtension === true && !!listing.marketExtension?.parentOwnerId ? NEARBY_MARKET_NOTE : null,
    specs: cardSpecs(listing),
    marks: [listing.hasSpecialOffer === true && SPECIAL_OFFER, listing.isHot === true && HOT_LISTING].filter((m): m is string => !!m),
  };
}

/** "12 views in the past 7 days", only above VIEWS_ABOVE. */
export function viewsText(count: number | undefined): string | null {
  if (!positive(count) || Math.round(count) <= VIEWS_ABOVE) return null;
  return `${formatNumber(Math.round(count))} views in the past 7 days`;
}

/** The listing's 360-degree spin id (search-results §3 fyuseId), when the answer carries a non-empty one. */
function spinId(listing: PageListing): string | null {
  const id: unknown = listing.fyuseId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}
