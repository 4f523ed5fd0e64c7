import { BRAND_TABLE, brandRow } from './brand-table';

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

/**
 * The two readings of the compare button (both specs' §4 Compare): search-results says the button
 * then reads 'Added to Compare' and is disabled ('addedDisabled'); page-furniture says a second
 * click removes the listing ('secondClickRemoves'). Both are supported; the brand decides.
 */
export const COMPARE_READINGS = ['addedDisabled', 'secondClickRemoves'] as const;
export type CompareReading = (typeof COMPARE_READINGS)[number];

/** The compare reading of each brand: its row of the brand table (brand-table.ts). */
export const BRAND_COMPARE_READING: Readonly<Record<Brand, CompareReading>> = Object.fromEntries(
  BRANDS.map((b) => [b, BRAND_TABLE[b].compareReading]),
) as Record<Brand, CompareReading>;

/** The compare reading in force for a brand (the search-results reading for an unknown one). */
export function compareReadingFor(brand: string): CompareReading {
  return brandRow(brand).compareReading;
}
