/**
 * The brand table: everything a brand changes, one row a brand (page-furniture §1 'Brand decides
 * some content and ad slots', §6 flags, §9; search-results §1, §4). Every reader takes its part
 * from here: the gateway's flags per brand, the hero and the results' variant, the compare
 * reading, the saved-search count, the page size.
 */
import type { Brand, CompareReading, FeatureFlag } from './brand';
import type { BrandVariant } from './hero';

export interface BrandRow {
  /** The feature flags off for the brand (every other flag is on; staging may override). */
  flagsOff: readonly FeatureFlag[];
  /** The page's variant: quick actions, the count text, certified copy, the grid's ad slots. */
  variant: BrandVariant;
  /** Which of the specs' two compare readings the brand follows. */
  compareReading: CompareReading;
  /** The valuation brand counts the shopper's saved searches and shows the count (search-results §4, §6). */
  countsSavedSearches: boolean;
  /** A configured page size of 25 becomes a load-more page (30): the Ford variant (page-furniture §9). */
  liftsShortPage: boolean;
}

const RESULTS = { one: 'Result', other: 'Results' } as const;

export const BRAND_TABLE: Readonly<Record<Brand, BrandRow>> = {
  // The main marketplace. designed: Vehicle Exchange is offered here (the other brands leave it
  // out); it has fluid ad cells and follows the search-results spec's compare reading.
  atc: {
    flagsOff: ['nonRelevanceSpotlights'],
    variant: { quickActions: true, countNoun: RESULTS, certifiedCopy: false, adSlots: 'fluid' },
    compareReading: 'addedDisabled',
    countsSavedSearches: false,
    liftsShortPage: false,
  },
  // The valuation brand. designed: liner ad rows.
  kbb: {
    flagsOff: ['buyOnline', 'marketExtension', 'nonRelevanceSpotlights', 'vehicleExchange', 'categorySearch'],
    variant: { quickActions: true, countNoun: RESULTS, certifiedCopy: false, adSlots: 'liner' },
    compareReading: 'addedDisabled',
    countsSavedSearches: true,
    liftsShortPage: false,
  },
  // The car-magazine brand. designed: liner ad rows, and page-furniture's compare reading.
  magazine: {
    flagsOff: ['wallet', 'payments', 'buyOnline', 'premiumSpotlight', 'vehicleHighlight', 'vehicleExchange', 'nonRelevanceSpotlights'],
    variant: { quickActions: true, countNoun: RESULTS, certifiedCopy: false, adSlots: 'liner' },
    compareReading: 'secondClickRemoves',
    countsSavedSearches: false,
    liftsShortPage: false,
  },
  // The Ford certified-used variant (page-furniture §1): no quick actions, its own summary text on
  // a search of certified used vehicles only, the certified program copy. designed: a maker's own
  // certified shop has no ad slots in its grid.
  ford: {
    flagsOff: [
      'shareListingLink',
      'compare',
      'wallet',
      'buyOnline',
      'marketExtension',
      'vehicleExchange',
      'categorySearch',
      'nonRelevanceSpotlights',
    ],
    variant: {
      quickActions: false,
      countNoun: RESULTS,
      certifiedCountNoun: { one: 'Certified Used Vehicle', other: 'Certified Used Vehicles' },
      certifiedCopy: true,
      adSlots: 'none',
    },
    compareReading: 'addedDisabled',
    countsSavedSearches: false,
    liftsShortPage: true,
  },
};

/** A brand's row; the main brand's for an unknown one. */
export function brandRow(brand: string | undefined): BrandRow {
  return brand && Object.prototype.hasOwnProperty.call(BRAND_TABLE, brand) ? BRAND_TABLE[brand as Brand] : BRAND_TABLE.atc;
}
