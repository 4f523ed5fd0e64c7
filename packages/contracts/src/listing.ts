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
