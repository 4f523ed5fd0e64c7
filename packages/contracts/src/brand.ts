/** Brands served by the same page (search-results spec section 1, page-furniture spec section 1). */
export const BRANDS = ['atc', 'kbb', 'magazine', 'ford'] as const;
export type Brand = (typeof BRANDS)[number];

/** Every feature flag named by the two spec files (section 6 of each). */
export const FEATURE_FLAGS = [
  'saveSearch',
  'subscribeAlerts',
  'shareListingLink',
  'compare',
  'personalization',
  'savedListings',
  'wallet',
  'payments',
  'images360',
  'homeServices',
  'marketExtension',
  'clickableDealerName',
  'suggestedFilters',
  'buyOnline',
  'referenceFilters',
  'premiumSpotlight',
  'vehicleHighlight',
  'infiniteScroll',
  'alphaCriteria',
  'exactMatch',
  'ownerInventoryLink',
  'commercialEntryPoint',
  'bestDealsEntryPoint',
  'vehicleExchange',
  'keywordSearch',
  'singleMakeModelTrim',
  'categorySearch',
  'stickyHeader',
  'filterChips',
  'emailAlertPrompt',
  'notificationPrompt',
  'nonRelevanceSpotlights',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;
