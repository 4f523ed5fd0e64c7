/**
 * Search request values (search-results spec section 3, page-furniture spec sections 2-3).
 * The runtime rules over them live in @cfs/search-query.
 */

/** Values that hold a list (a URL may repeat them or join them with commas). */
export const LIST_KEYS = [
  'makeCode',
  'modelCode',
  'trimCode',
  'seriesCode',
  'packages',
  'vehicleStyleCode',
  'vehicleType',
  'extColorSimple',
  'intColorSimple',
  'listingType',
  'fuelTypeGroup',
  'driveGroup',
  'engineCode',
  'engineDisplacement',
  'transmissionCode',
  'maximumSeating',
  'doorCode',
  'featureCode',
  'dealType',
  'sellerType',
  'vehicleHistoryType',
  'vehicleUseType',
  'homeServices',
  'bodyStyleSubtypeCode',
  'suvSubtypeCode',
  'sedanSubtypeCode',
  'vanSubtypeCode',
  'truckBedLength',
  'truckCabSize',
  'excludedListingId',
] as const;

/** Values that are whole numbers. */
export const NUMBER_KEYS = [
  'minPrice',
  'maxPrice',
  'startYear',
  'endYear',
  'mileage',
  'electricMileRange',
  'searchRadius',
  'firstRecord',
  'numRecords',
] as const;

/** Values that are single strings. */
export const STRING_KEYS = [
  'zip',
  'sortBy',
  'mpgRange',
  'experience',
  'marketExtension',
  'vehicleExchange',
  'keywordPhrases',
  'showcaseOwnerId',
  'channel',
  'vhrProvider',
  'lifestyleCategory',
  'bookmarkId',
  'searchBookmarkId',
  'city',
  'state',
  /** The 'Money Back Guarantee' filter: 'true' when set. */
  'moneyBackGuarantee',
] as const;

export type ListKey = (typeof LIST_KEYS)[number];
export type NumberKey = (typeof NUMBER_KEYS)[number];
export type StringKey = (typeof STRING_KEYS)[number];
export type SearchKey = ListKey | NumberKey | StringKey;

/** The type an object type stands for, its fields listed (an intersection read as one object). */
export type Flat<T> = { [K in keyof T]: T[K] };

/** Every search value by its key (one object type: the bus contract's schema is compared with it). */
export type SearchQuery = Flat<{ [K in ListKey]?: string[] } & { [K in NumberKey]?: number } & { [K in StringKey]?: string }>;

export const SORT_VALUES = [
  'relevance',
  'derivedpriceASC',
  'derivedpriceDESC',
  'distanceASC',
  'datelistedASC',
  'datelistedDESC',
  'mileageASC',
  'mileageDESC',
  'yearASC',
  'yearDESC',
] as const;
export type SortBy = (typeof SORT_VALUES)[number];

export const EXPERIENCES = ['commercial', 'best-deals', 'buy-online', 'hyundai-buy-online'] as const;
export type Experience = (typeof EXPERIENCES)[number];
