/**
 * The browser-facing API: every path the page (the shell or a remote) asks the gateway for, under
 * the name of the gateway's route that serves it. The gateway's route table is keyed by these
 * names and serves each at its path (gateway/test/api-contract.test.ts); browser code writes no
 * path of its own (packages/tools/test/api-paths.test.ts), so a remote cannot call a path the
 * gateway does not serve. A `:param` is filled by apiPath.
 */
import { PAGE_EVENTS_PATH } from './analytics';
import { RELAXATIONS_PATH } from './filters';

export const API_PATHS = {
  // Listings (search-results §7).
  listingSearch: '/rest/lsc/listing',
  supplementalListings: '/rest/lsc/listing',
  filterRelaxations: RELAXATIONS_PATH,
  premiumSpotlight: '/rest/lsc/listing/spotlight/premiumresults',
  spotlightResults: '/rest/lsc/listing/spotlight/results',
  vehicleHighlights: '/rest/lsc/listing/vehiclehighlights',
  boostListings: '/rest/lsc/listing/boost',
  packages: '/cars-for-sale/searchoptions/packages',
  // Reference and research (page-furniture §7).
  mileageStats: '/rest/lsc/crawl/stats/mileage',
  modelYears: '/rest/lsc/crawl/modelyears',
  referenceLookup: '/rest/lsc/reference',
  referenceVehicles: '/rest/research/reference-vehicles',
  consumerRatings: '/rest/research/consumer-ratings',
  modelPricing: '/rest/research/pricing',
  safety: '/rest/research/safety',
  expertReviews: '/content/expert-reviews/:year/:make/:model/:trim',
  articles: '/content/articles',
  certifiedContent: '/content/certified',
  dealerDiff: '/content/dealer-difference/:file',
  paymentsScript: '/cars-for-sale/psx/make-offer.js',
  adCreative: '/content/ads',
  zipValidation: '/geo/zip/:zip',
  // The shopper's account (search-results §7, page-furniture §7).
  savedSearches: '/account-api/savedsearches',
  savedSearchList: '/account-api/savedsearches',
  emailSubscribe: '/account-api/email-subscriptions',
  leadProfile: '/account-api/lead-profile',
  emailDealer: '/account-api/leads',
  oneClickEmail: '/account-api/leads/one-click',
  reportListing: '/account-api/report-listing',
  saveListing: '/account-api/saved-listings',
  stillInterested: '/account-api/still-interested',
  consumerDevice: '/cars-for-sale/consumer-device/browser',
  pageEvents: PAGE_EVENTS_PATH,
} as const;

export type ApiRouteName = keyof typeof API_PATHS;

/** A route's path with its `:params` filled (each value URI-encoded); throws on a missing one. */
export function apiPath(name: ApiRouteName, params: Record<string, string | number> = {}): string {
  return API_PATHS[name].replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: no value for :${key}`);
    return encodeURIComponent(String(value));
  });
}

export { SEARCH_PATH, SEARCH_PAGE_PATH, REGISTRY_PATH, PUSH_WORKER_PATH, PUSH_SCOPE, VEHICLE_PATH, PRICING_ANCHOR } from './page-paths';
