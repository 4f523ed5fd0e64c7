/**
 * What the filter panel and the results region share about filters beyond the search values:
 * the facet keys of a search answer, each filter's name as the spec gives it, suggested filters
 * and the way out of zero results (filter relaxations).
 */
import type { SearchKey } from './query';

/**
 * Facets of `SearchResult.filters` that are not a search key of the same name. Their option
 * values: `yearRange` a model year ('2021'); `price` 'min-max' in dollars ('10000-15000',
 * '100000-' open-ended, '0-10000' under); `mileage` the maximum ('30000', under 30,000 miles);
 * `mpgRange` the mpgRange value ('30-39', '50-'); `electricMileRange` the minimum ('200');
 * `searchRadius` the radius in miles ('25'; '0' nationwide), only when a ZIP is searched;
 * `moneyBackGuarantee` 'true'.
 */
export const RANGE_FACETS = ['yearRange', 'price', 'mileage', 'mpgRange', 'electricMileRange', 'searchRadius'] as const;

/** Each filter's name, as the spec's filter list gives it (search-results §3). */
export const FILTER_NAMES: Record<string, string> = {
  searchRadius: 'Distance',
  vehicleUseType: 'Vehicle Use Type',
  moneyBackGuarantee: 'Money Back Guarantee',
  yearRange: 'Year',
  listingType: 'Condition',
  driveGroup: 'Drive Type',
  price: 'Price',
  mileage: 'Mileage',
  vehicleStyleCode: 'Body Style',
  fuelTypeGroup: 'Fuel Type',
  mpgRange: 'Fuel Economy',
  makeCode: 'Make',
  modelCode: 'Model',
  seriesCode: 'Series',
  trimCode: 'Trim',
  packages: 'Package',
  extColorSimple: 'Exterior Color',
  intColorSimple: 'Interior Color',
  transmissionCode: 'Transmission',
  engineDisplacement: 'Engine Displacement',
  engineCode: 'Cylinders',
  vehicleHistoryType: 'Vehicle History',
  homeServices: 'Dealer Home Services',
  featureCode: 'Features',
  dealType: 'Best Deals',
  maximumSeating: 'Number of Seats',
  doorCode: 'Doors',
  sellerType: 'Seller Type',
  vehicleType: 'Vehicle Type',
  electricMileRange: 'Electric Mile Range',
  truckBedLength: 'Truck Bed Length',
  truckCabSize: 'Truck Cab Size',
  bodyStyleSubtypeCode: 'Body Style Subtype',
  suvSubtypeCode: 'SUV Subtype',
  vanSubtypeCode: 'Van Subtype',
  sedanSubtypeCode: 'Sedan Subtype',
  keywordPhrases: 'Keyword',
  experience: 'Category',
};

/**
 * A suggested filter (page-furniture §3: name, codes): one value the shopper may add, with how
 * many listings the search finds with it added. Answered in `SearchResult.suggestedFilters` when
 * the search asks with includeSuggested=true.
 */
export interface SuggestedFilter {
  /** What the chip shows, e.g. 'AWD/4WD'. */
  name: string;
  /** The search key the value belongs to, e.g. 'driveGroup'. */
  key: SearchKey;
  /** The value(s) to add to that key. */
  codes: string[];
  /** Listings the search finds with the value added. */
  count: number;
}

/**
 * One way out of zero results: a filter currently set, and how many listings the search finds
 * with that filter alone removed. Example: { key: 'price', values: ['10000', '12000'],
 * label: 'Price: $10,000 – $12,000', count: 37, remove: ['minPrice', 'maxPrice'], search: '...' }.
 */
export interface FilterRelaxation {
  /** The filter: a search key, or 'price' / 'yearRange' for the paired range values. */
  key: string;
  /** The values set for it now (for price and year: min and max, '' where open). */
  values: string[];
  /** What a shopper reads: the filter's name and its values, e.g. 'Make: Ford, Honda'. */
  label: string;
  /** Listings the search finds with this filter removed. */
  count: number;
  /** The search keys removing the filter deletes (a make takes its models, trims, series and packages along). */
  remove: SearchKey[];
  /** The canonical query string of the search with the filter removed and paging reset (no '?'). */
  search: string;
}

/** Answer of GET RELAXATIONS_PATH?<search values>: best (largest count) first. */
export interface FilterRelaxationResult {
  /** Listings the search finds as given (absent in the gateway's fallback). */
  totalResultCount?: number;
  relaxations: FilterRelaxation[];
}

/** The filter-relaxation call, on the gateway (and on the upstream): the search values as its query. */
export const RELAXATIONS_PATH = '/rest/lsc/listing/relaxations';

/**
 * The seller types of the sellerType filter: the codes the search takes and its facets answer,
 * and their names (one home: the hero's breadcrumb, the For Sale By Owner tab, the boost and
 * consumer-ratings rules, the private-seller logo and the cards all read them here).
 */
export const SELLER_TYPES = { DEALER: 'Dealer', PRIVATE: 'Private Seller' } as const;
export type SellerType = keyof typeof SELLER_TYPES;
export const PRIVATE_SELLER: SellerType = 'PRIVATE';

const sellerCodes = (values: readonly string[] | undefined) => (values ?? []).map((v) => String(v).toUpperCase());

/** The name of a seller type code (in any case), or undefined for a code that is not one. */
export function sellerTypeName(code: string): string | undefined {
  const key = String(code).toUpperCase();
  return Object.prototype.hasOwnProperty.call(SELLER_TYPES, key) ? SELLER_TYPES[key as SellerType] : undefined;
}

/** The search includes private sellers (a sellerType value PRIVATE among others, in any case). */
export function includesPrivateSellers(sellerType: readonly string[] | undefined): boolean {
  return sellerCodes(sellerType).includes(PRIVATE_SELLER);
}

/** The search is for private sellers only. */
export function privateSellersOnly(sellerType: readonly string[] | undefined): boolean {
  const codes = sellerCodes(sellerType);
  return codes.length > 0 && codes.every((c) => c === PRIVATE_SELLER);
}
