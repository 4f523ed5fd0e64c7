/**
 * @cfs/search-query: parsing, validation and normalisation of the search values of /cars-for-sale,
 * shared by the gateway (Node) and the shell and remotes (browser). Pure functions, no Node
 * built-ins, no dependency besides @cfs/contracts. See README.md.
 */

// Reading, normalising and writing a query.
export { parseQuery, type QueryInput } from './parse';
export { normaliseQuery, type NormaliseContext } from './normalise';
export { serializeQuery, KEY_ORDER } from './serialize';
export { normaliseLocation, normalisedSearch, isNormalised, normalisedUrl, type NormalisedLocation } from './url';
export { queryFromPath, BODY_STYLES, BODY_STYLE_SLUGS, BODY_STYLE_LABELS, SEARCH_PATH } from './path';

// What the page derives from a query.
export { isModelPage, MODEL_PAGE_TYPES, pageType, PAGE_TYPES, type PageType } from './page-type';
export { breadcrumbs, BREADCRUMB_ORDER, type Breadcrumb, type BreadcrumbKey, type Labels, type LabelKind } from './breadcrumbs';

// The rules, one module each.
export {
  normaliseZip,
  validZip,
  normaliseRadius,
  searchRadiusCookie,
  rememberedRadius,
  SEARCH_RADIUS_COOKIE,
  SEARCH_RADIUS_COOKIE_MAX_AGE_S,
} from './location';
export { defaultSort, sortReading, sortInForce, withSortInForce, isSortValue, IMPLIED_SORT, type SortReading } from './sort';
export { excludedIdsParam, isExperience, normaliseFirstRecord, normaliseNumRecords, MAX_RECORDS } from './request';
export { normaliseListingTypes, isListingType, breadcrumbListingType, USED_BY_DEFAULT_BRANDS } from './listing-type';
export { normaliseMakes, normaliseCodes, keepTrims, NEEDS_MAKE, type TrimBelongs } from './vehicle';
export { normaliseYearRange, newCarYears, MIN_MODEL_YEAR, MAX_YEARS_AHEAD } from './years';
export {
  parsePrice,
  checkPrice,
  validatePrice,
  priceRangeMessage,
  normalisePriceRange,
  formatPrice,
  type PriceCheck,
  type PriceMessage,
} from './price';
export { normaliseToggle, normaliseMpgRange } from './filter-values';
export { displayTitle, formatNumber, roundDistance, mileageStatValid } from './display';
export {
  electricRangeText,
  fuelEconomyText,
  paymentText,
  priceText,
  PRICE_MISSING,
  safeHref,
  vdpHref,
  primaryImage,
  listingImage,
  type ClickType,
} from './listing';
export { resetPaging, resultCountText, sameNarrowing, savedSearchString } from './paging';
export { emailProblem, hasEmailShape } from './email';
export {
  LOAD_MORE_PAGE_SIZE,
  FORD_SHORT_PAGE,
  INFINITE_SCROLL_TRIM,
  pageSizeFor,
  pageOfRecord,
  loadMorePage,
  spotlightPageOfBlock,
  blocksReached,
  loadMoreRequest,
  morePagesExist,
  trimCount,
  type LoadMoreRequest,
} from './load-more';
export { boostRequested, spotlightsRequested } from './tiers';
