/**
 * The page's own paths, with no other import: the push worker (a script of its own, built by the
 * alerts remote) takes its scope from here without the rest of the contracts.
 */
/** The page the gateway serves (search-results §1), and what hangs under it. */
export const SEARCH_PATH = '/cars-for-sale';
/** A search page's path: the page, or a path of make, model or body style under /all/. */
export const SEARCH_PAGE_PATH = new RegExp(`^${SEARCH_PATH}(/all/[^?#]*)?$`);
/** The registry the browser asks for again (a shopper's remotes and versions). */
export const REGISTRY_PATH = `${SEARCH_PATH}/registry.json`;
/** The push service worker the alerts remote registers, and its scope (the search area). */
export const PUSH_WORKER_PATH = `${SEARCH_PATH}/push-worker.js`;
export const PUSH_SCOPE = SEARCH_PATH;
/** A listing's vehicle page: `${VEHICLE_PATH}/<listing id>` (page-furniture §2 "Other"). */
export const VEHICLE_PATH = `${SEARCH_PATH}/vehicle`;
/** The vehicle page's pricing details, which the payment and incentive links land on (page-furniture §2 "Other"). */
export const PRICING_ANCHOR = 'pricingDetails';
