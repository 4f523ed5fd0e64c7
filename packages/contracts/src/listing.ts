/**
 * Entities exchanged between the upstream service, the gateway and the page
 * (search-results spec section 3, page-furniture spec section 3).
 * Extend only compatibly: new fields are optional.
 */
import type { SuggestedFilter } from './filters';

export const LISTING_TYPES = ['NEW', 'USED', 'CERTIFIED', '3P_CERT'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const FUEL_GROUPS = {
  ELE: 'electric',
  GSL: 'gasoline',
  DSL: 'diesel',
  HYB: 'hybrid',
  ALT: 'alternative',
  HYD: 'hydrogen',
  PIH: 'plug-in hybrid',
} as const;
export type FuelGroup = keyof typeof FUEL_GROUPS;

export const URGENCY_TYPES = ['DEALER_INCENTIVE', 'PRICE_REDUCED', 'NEWLY_LISTED', 'WARRANTY', 'RETURN', 'INCENTIVES'] as const;
export type UrgencyType = (typeof URGENCY_TYPES)[number];

export interface CodeName {
  code: string;
  name: string;
}

export interface ListingImage {
  src: string;
  alt: string;
}

export interface PricingDetail {
  salePrice?: number;
  msrp?: number;
  incentive?: number;
  /** GREAT, GOOD, FAIR, HIGH */
  dealIndicator?: string;
  payments?: { monthly: number; termMonths: number; apr: number; downPayment: number };
}

export interface Listing {
  id: string;
  vin: string;
  /** Raw title; display code cuts it at ' w/' (see search-query `displayTitle`). */
  title: string;
  ownerId: string;
  listingType: ListingType;
  year: number;
  make: CodeName;
  model: CodeName;
  trim?: CodeName;
  seriesCode?: string;
  packages?: string[];
  bodyStyles: CodeName[];
  bodyStyleSubtype?: string;
  fuelType: CodeName;
  driveType?: CodeName;
  transmission?: CodeName;
  engine?: { code: string; name: string; cylinders: number; displacement: number };
  doors?: number;
  seats?: number;
  color: { exteriorColorSimple: string; interiorColorSimple: string };
  mileage: { value: number; label: string };
  specifications?: {
    mileage?: string;
    mpg?: { city: number; highway: number };
    mileRange?: number;
    engine?: string;
    driveType?: string;
  };
  pricingDetail: PricingDetail;
  paymentServices?: { paymentCalculationUrl: string; incentivesUrl: string };
  images: { sources: ListingImage[]; primary: number };
  vdpBaseUrl: string;
  phone?: string;
  website?: { href: string };
  hasSpecialOffer?: boolean;
  isHot?: boolean;
  /** The listing's 360-degree spin id, when it has one (shown with the flag '360 images'). */
  fyuseId?: string;
  isReducedPrice?: boolean;
  features?: string[];
  vehicleHistory?: string[];
  vehicleType?: string;
  /** PERSONAL or COMMERCIAL (the 'Vehicle Use Type' filter). */
  vehicleUseType?: string;
  /** The seller's money back guarantee applies (14 days or 1,000 miles). */
  moneyBackGuarantee?: boolean;
  truckBedLength?: string;
  truckCabSize?: string;
  marketExtension?: { parentOwnerId: string; imeDmaMatch: boolean };
  vehicleHighlight?: { isVehicleHighlight: boolean; urgencyDriverType: UrgencyType; urgencyDriverValue: string };
  /** Set by the upstream on tiered results: spotlight, boost, featured, standard, peekaboo. */
  listingTier?: string;
  viewCount?: number;
  certifiedProduct?: string;
  esntial?: { ecommWebsite?: string; eligibilityService?: boolean };
}

export interface Owner {
  id: string;
  name: string;
  privateSeller: boolean;
  logo?: { src: string };
  phone?: { value: string };
  location: { address: { address1?: string; city: string; state: string; zip: string } };
  website?: { href: string };
  rating?: { value: number; count: number };
  homeServices?: string[];
  hideEmailForm?: boolean;
  /** Miles from the searched ZIP, when a ZIP was searched. */
  distanceFromSearch?: number;
  dealerDiff?: { tagline: string; contentId: string; tile?: string };
  shippingLabel?: string;
  images?: { sources: ListingImage[] };
  /** The dealer takes part in the money back guarantee program on its used cars. */
  moneyBackGuarantee?: boolean;
}

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

export interface SearchStats {
  year?: { min: number; max: number };
  derivedprice?: { min: number; max: number; avg: number };
}

/** Answer of GET /rest/lsc/listing (and the spotlight calls). */
export interface SearchResult {
  listings: Listing[];
  owners: Owner[];
  totalResultCount: number;
  /** Facet counts for every filter, given the other selected filters. */
  filters?: Record<string, { options: FacetOption[] }>;
  stats?: SearchStats;
  /** Suggested filters (asked with includeSuggested=true; flag suggestedFilters), best first. */
  suggestedFilters?: SuggestedFilter[];
  /** Models the shopper may have meant instead of one chosen (page-furniture §3 'Suggested model item'). */
  suggestedModels?: SuggestedModelItem[];
}

/**
 * page-furniture §3 'Suggested model item': a model chosen in the search (selected) and another the
 * shopper may have meant (suggested), asked about by the model-name clarification.
 */
export interface SuggestedModelItem {
  selectedMakeDescription: string;
  selectedModelDescription: string;
  suggestedMakeDescription: string;
  suggestedModelDescription: string;
  suggestedMakeCode: string;
  suggestedModelCode: string;
}

export interface LeadProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  isOneClickOptedIn: boolean;
}

export interface SavedSearch {
  saveSearchString: string;
  title: string;
  bookmarkDate: string;
  textModalDisclaimer?: string;
  instructions?: string;
}

export interface SearchBookmark {
  bookmarkId: string;
  bookmarkTitle: string;
  searchResultsURL: string;
  lastExecuted?: string;
}

export interface ModelYearPriceRow {
  value: string;
  startingPrice: number;
  avgPrice: number;
  maxPrice: number;
  link: string;
}

/**
 * A certified pre-owned program (page-furniture §3 Certified program), as the certified content
 * call answers it. For the GM and Chrysler group programs, makeCode is the group and makeCodes
 * its makes.
 */
export interface CertifiedProgram {
  makeCode: string;
  makeCodes: string[];
  makeLabel: string;
  productId: string;
  linkText: string;
  cpoTile: { title: string; description: string };
  heading: string;
  content: string;
}

/** The program detail call's answer (by productId), which may include the inspection link. */
export interface CertifiedProgramDetail extends CertifiedProgram {
  benefits: string[];
  inspectionLink?: string;
}

/**
 * The fields of a listing that the search page reads: its cards, their dialogs, the showcase,
 * the compare drawer, the alert prompts, on the server and in the browser. The page carries
 * these and no others (the first-load state, and the listings in a region's data): the rest of an
 * upstream listing (its feature list, history, payment links...) is for the vehicle page.
 * Every field left out is optional in Listing (checked below), so a page without them still
 * meets the contract, and the bus carries Listing as before.
 *
 * Page code reads listings as PageListing (a listing of the bus or of an answer is one), so the
 * compiler refuses a read of a field this list does not name: add the field here to read it.
 */
export const PAGE_LISTING_FIELDS = [
  'id',
  'vin',
  'title',
  'ownerId',
  'listingType',
  'year',
  'make',
  'model',
  'trim',
  'bodyStyles',
  'fuelType',
  'driveType',
  'engine',
  'color',
  'mileage',
  'specifications',
  'pricingDetail',
  'images',
  'vdpBaseUrl',
  'phone',
  'website',
  'hasSpecialOffer',
  'isHot',
  'fyuseId',
  'isReducedPrice',
  'marketExtension',
  'vehicleHighlight',
  'listingTier',
  'viewCount',
  'certifiedProduct',
  'esntial',
] as const satisfies readonly (keyof Listing)[];
export type PageListing = Pick<Listing, (typeof PAGE_LISTING_FIELDS)[number]>;

/** The fields of an owner (a listing's seller) that the search page reads; as PAGE_LISTING_FIELDS. */
export const PAGE_OWNER_FIELDS = [
  'id',
  'name',
  'privateSeller',
  'logo',
  'phone',
  'location',
  'website',
  'rating',
  'homeServices',
  'hideEmailForm',
  'distanceFromSearch',
  'dealerDiff',
  'shippingLabel',
  'moneyBackGuarantee',
] as const satisfies readonly (keyof Owner)[];
export type PageOwner = Pick<Owner, (typeof PAGE_OWNER_FIELDS)[number]>;

/** A search result as the search page reads it. */
export type PageSearchResult = Omit<SearchResult, 'listings' | 'owners'> & { listings: PageListing[]; owners: PageOwner[] };

/** true when every key K of T is optional: leaving them out still gives a T. */
type AllOptional<T, K extends keyof T> = object extends Pick<T, K> ? true : false;
// A field the page leaves out must be optional in the contract (a page without it is still a Listing).
true satisfies AllOptional<Listing, Exclude<keyof Listing, (typeof PAGE_LISTING_FIELDS)[number]>>;
true satisfies AllOptional<Owner, Exclude<keyof Owner, (typeof PAGE_OWNER_FIELDS)[number]>>;
