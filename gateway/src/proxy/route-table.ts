/**
 * The one declarative table of every upstream call (section 7 of both spec files, plus the calls
 * the spec names without a path, at the embedded upstream's paths): method, browser-facing path,
 * upstream, upstream path, timeout, breaker reset, required or optional, fallback, and the
 * request schema. One opossum breaker per entry is made at boot (client.ts); routes.ts exposes
 * each entry with a `path` to the browser; entries without one are the gateway's own calls.
 *
 * Timings (spec: search-results §9, page-furniture §7 and §9):
 *   required listing search 20 s / reset 30 s; optional calls 3 s / 30 s; search-option packages
 *   5 s (protected); mileage stats, crawl model years and trims 3 s, model info 5 s, all protected
 *   with resets of 60 s to 300 s (inside the spec's 30 000 to 300 000 ms); dealer difference
 *   5 s / 300 s; research reference 5 s; consumer device 1 s; house ad creatives and images 1 s.
 * Fallbacks (spec error catalogues): an 'error' fallback answers the breaker's error object
 *   ('Circuit Breaker for <name> is open' only while open, 'Request timed out' on a timeout);
 *   a 'value' fallback answers 200 with a value the page can do without (empty lists), the
 *   bookmark lookup's is empty filters (also when the upstream finds nothing), eligibility's is
 *   ineligible with circuitBreakerOpen set while open, the token lookup's is null.
 */
import { API_PATHS, LIMITS, MESSAGES, PAGE_EVENT_LIMITS, PAGE_EVENTS_PATH, RELAXATIONS_PATH } from '@cfs/contracts';
import {
  CONSUMER_DEVICE_BODY,
  EMAIL_DEALER_BODY,
  EMAIL_SUBSCRIBE_BODY,
  RECORD_SEARCH_BODY,
  REPORT_LISTING_BODY,
  SAVE_LISTING_BODY,
  SAVED_SEARCH_BODY,
  LEAD_PROFILE_UPDATE_BODY,
  ONE_CLICK_EMAIL_BODY,
  oneOf,
  STILL_INTERESTED_BODY,
  VALUE_PATTERNS,
  PAGE_EVENT_BATCH_SCHEMA,
} from '@cfs/contracts/bodies';
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import type { UpstreamName } from '../config';

export type Fallback =
  /**
   * Answer with the breaker's error object: { error: 'Circuit Breaker for <name> is open' |
   * 'Request timed out' | ... }. Upstream answers with a status in `onStatus` read as `value`
   * (a saved-search list answered 401: signed out, so none; a failure is never read as none).
   */
  | { kind: 'error'; onStatus?: number[]; value?: unknown }
  /**
   * Answer 200 with `value` (the call is optional or its failure has a defined meaning); while
   * the circuit is open with `whenOpen` if given. Upstream answers with a status in `onStatus`
   * (e.g. 404 'Bookmark not found') also read as `value`.
   */
  | { kind: 'value'; value: unknown; whenOpen?: unknown; onStatus?: number[] };

export interface RouteSpec {
  /** Breaker and metrics name. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path the browser calls on the gateway (Fastify pattern); absent for the gateway's own calls. */
  path?: string;
  upstream: UpstreamName;
  /** Path on the upstream; `:param` segments are filled from the gateway path. */
  upstreamPath: string;
  timeoutMs: number;
  resetMs: number;
  required: boolean;
  fallback: Fallback;
  /** Several entries may share a method and path: this one serves requests whose query has this key. */
  when?: { has: string[] };
  /** Apply the search-query normalisation to the query string before calling. */
  searchQuery?: boolean;
  /** Request-context keys passed through unchanged beside the normalised search values (schema-checked). */
  passKeys?: string[];
  /** Request schema parts (querystring, params, body); every exposed route has at least a querystring schema. */
  schema?: { querystring?: TSchema; params?: TSchema; body?: TSchema };
  /** The gateway looks up the signed-in user's identity token (token lookup) and sends it. */
  identity?: boolean;
  /** Headers the gateway adds to this upstream call. */
  upstreamHeaders?: Record<string, string>;
  /** Parse the upstream answer as text (HTML) instead of JSON. */
  responseType?: 'json' | 'text';
  /** Post-processing of the answer before it reaches the page (dealer difference content is sanitised). */
  transform?: 'dealerDiff';
  /** The upstream's method when it differs from the browser's (eligibility: GET here, POST upstream). */
  upstreamMethod?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Send the (schema-checked) query values as the upstream's JSON body. */
  bodyFromQuery?: boolean;
  /** Cache-Control of the answer (default no-store). */
  cacheControl?: string;
  /** A write's body: JSON (default), or 'beacon' (JSON sent as text/plain by navigator.sendBeacon). */
  writeBody?: 'json' | 'beacon';
  /** The write's own rate limit (security.ts writeGuard), instead of the one every write shares. */
  writeLimit?: string;
  /** The most bytes of a write's body (default 64 KiB); a larger one is refused with 413. */
  bodyLimit?: number;
  /** Calls in the rolling window before the circuit may open (default 5). */
  volumeThreshold?: number;
  /** A call still running this long counts as failing (default: a quarter of the timeout, at least 1 s; breaker.ts). */
  slowCallMs?: number;
  /** Where the path comes from: the spec, or the embedded upstream's choice (spec: 'path not shown'). */
  source: 'spec' | 'upstream';
  /** One line for the reader. */
  note: string;
}

export const SECOND = 1000;
const OPTIONAL = { timeoutMs: 3 * SECOND, resetMs: 30 * SECOND, required: false } as const;
const EMPTY_LISTINGS = { listings: [], owners: [], totalResultCount: 0 };

// ---- request schemas (TypeBox: each a JSON Schema Fastify checks, and a TypeScript type) ------
const CODE = '^[A-Za-z0-9_.|-]{1,60}$';
const CODES = '^[A-Za-z0-9_.|, -]{1,600}$';
const VIN = VALUE_PATTERNS.vin;
const ID = VALUE_PATTERNS.id;
const ZIP = '^[0-9]{5}$';
const SLUG = '^[A-Za-z0-9_-]{1,60}$';
const LISTING_TYPE = '^(NEW|USED|CERTIFIED|3P_CERT)(,(NEW|USED|CERTIFIED|3P_CERT))*$';
/** A string of at most `maxLength` characters, of the pattern when one is given. */
const text = (maxLength = 200, pattern?: string) => Type.String({ maxLength, ...(pattern ? { pattern } : {}) });
const whole = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
/** A yes-or-no query value as the page's scripts and links write it. */
const FLAG = oneOf(['true', 'false', '1', '0']);
/** A route that reads no query: any is accepted and ignored (cache-busting parameters, trackers). */
const NO_QUERY = Type.Object({});
/** Search values: any key (the normaliser drops what it does not know), bounded sizes. */
const SEARCH_VALUE = Type.Union([text(2000), Type.Array(text(2000), { maxItems: 50 })]);
/** A search's query: the search values, and these request-context keys (none required). */
const searchQuery = (context: TProperties = {}) =>
  Type.Partial(Type.Object(context, { additionalProperties: SEARCH_VALUE, maxProperties: 120 }));

/** Request-context keys of the listing search (page-furniture §7) beside the search values. */
const SEARCH_PASS = {
  stats: text(100, '^[a-z,]{1,100}$'),
  relevanceConfig: text(60, CODE),
  excludedFilter: text(200, CODES),
  ignorePriority: FLAG,
  pixallId: text(64, ID),
  showStrongAttributes: FLAG,
  includeSuggested: FLAG,
  vhrProviders: text(200, CODES),
  collapseFilters: FLAG,
  hideFilters: FLAG,
  includeVehicleHighlights: FLAG,
};
const SPOTLIGHT_PASS = {
  numSpotlights: whole(1, 12),
  listingTier: oneOf(['premium', 'featured', 'standard']),
  spotlightPage: whole(1, 1000),
};

/** designed: ads are optional furniture, so a short timeout (1 s) keeps a slow creative from holding the grid. */
const AD_TIMEOUT_MS = 1 * SECOND;
const LOOKUP = (reset: number, timeout = 3 * SECOND) => ({ timeoutMs: timeout, resetMs: reset, required: false });

/** The crawl lookups, and which of them the page uses. */
const CRAWL_NOTES = {
  modelyears: 'crawl modelyears: the reference section reads the year of a make and model',
  newmodelyears:
    'crawl newmodelyears. The page does not call it: the reference section reads the years of every listing type (modelyears), new cars among them',
  trims: "crawl trims: the page's normalisation keeps a trimCode only if it is one of these (page/trims.ts)",
  newtrims:
    'crawl newtrims. The page does not call it: trim membership reads every trim (trims), and the filter panel offers the trims the search facets answer',
} as const;

export const ROUTES: RouteSpec[] = [
  // ---- listing service ------------------------------------------------------------------------
  {
    name: 'singleListing',
    method: 'GET',
    path: '/rest/lsc/listing',
    when: { has: ['vin'] },
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing',
    ...OPTIONAL,
    fallback: { kind: 'value', value: EMPTY_LISTINGS, onStatus: [404] },
    passKeys: ['vin', 'collapseFilters', 'channel'],
    upstreamHeaders: { 'x-service-routing': 'lsc-single-listing' },
    schema: {
      querystring: Type.Object({ vin: text(17, VIN), collapseFilters: Type.Optional(FLAG), channel: Type.Optional(text(40, CODE)) }),
    },
    source: 'spec',
    note: 'single listing by vin; a service-routing header is sent; not found reads as no listing. The page does not call it: the expired-listing notice names the vehicle the vehicle page looked up by id (listingById, expired-notice.ts)',
  },
  {
    name: 'listingById',
    method: 'GET',
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing',
    ...OPTIONAL,
    // Not found is an answer (404 with the sold listing's make and model when known), not a failure.
    fallback: { kind: 'error' },
    upstreamHeaders: { 'x-service-routing': 'lsc-single-listing' },
    source: 'upstream',
    note: "the vehicle page's single listing by listing id (the gateway's own call); 404 when it is no longer for sale",
  },
  {
    name: 'supplementalListings',
    method: 'GET',
    path: API_PATHS.supplementalListings,
    when: { has: ['supplemental', 'similarTo'] },
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing',
    ...OPTIONAL,
    fallback: { kind: 'value', value: EMPTY_LISTINGS },
    searchQuery: true,
    passKeys: ['supplemental', 'similarTo', 'hideFilters', 'includeVehicleHighlights', 'vhrProviders'],
    schema: { querystring: searchQuery({ ...SEARCH_PASS, supplemental: FLAG, similarTo: text(64, ID) }) },
    source: 'spec',
    note: 'supplemental (numRecords 100, supplemental=true) and similar (numRecords 20, similarTo) listings',
  },
  {
    name: 'listingSearch',
    method: 'GET',
    path: API_PATHS.listingSearch,
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing',
    timeoutMs: 20 * SECOND,
    resetMs: 30 * SECOND,
    required: true,
    fallback: { kind: 'error' },
    searchQuery: true,
    passKeys: Object.keys(SEARCH_PASS),
    schema: { querystring: searchQuery(SEARCH_PASS) },
    source: 'spec',
    note: 'the base search; its failure is the error screen',
  },
  {
    name: 'listingCount',
    method: 'GET',
    path: '/rest/lsc/listing/count',
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing/count',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { count: 0 } },
    searchQuery: true,
    schema: { querystring: searchQuery() },
    source: 'spec',
    note: 'great price listing count (searchRadius 0, dealType greatprice). The page does not call it: the spec names it only as an action (page-furniture §7 "Other calls") and no part of the page it describes shows the count',
  },
  {
    name: 'filterRelaxations',
    method: 'GET',
    path: API_PATHS.filterRelaxations,
    upstream: 'listing',
    upstreamPath: RELAXATIONS_PATH,
    ...OPTIONAL,
    fallback: { kind: 'value', value: { relaxations: [] } },
    searchQuery: true,
    schema: { querystring: searchQuery() },
    source: 'upstream',
    note: 'the way out of zero results: per filter set, the count with it alone removed, best first',
  },
  {
    name: 'premiumSpotlight',
    method: 'GET',
    path: API_PATHS.premiumSpotlight,
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing/spotlight/premiumresults',
    ...OPTIONAL,
    fallback: { kind: 'value', value: EMPTY_LISTINGS },
    searchQuery: true,
    passKeys: Object.keys(SPOTLIGHT_PASS),
    schema: { querystring: searchQuery(SPOTLIGHT_PASS) },
    source: 'spec',
    note: 'premium spotlights (numSpotlights 3)',
  },
  {
    name: 'spotlightResults',
    method: 'GET',
    path: API_PATHS.spotlightResults,
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing/spotlight/results',
    ...OPTIONAL,
    fallback: { kind: 'value', value: EMPTY_LISTINGS },
    searchQuery: true,
    passKeys: Object.keys(SPOTLIGHT_PASS),
    schema: { querystring: searchQuery(SPOTLIGHT_PASS) },
    source: 'spec',
    note: 'featured and standard spotlights (numSpotlights 6)',
  },
  {
    name: 'vehicleHighlights',
    method: 'GET',
    path: API_PATHS.vehicleHighlights,
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing/vehiclehighlights',
    ...OPTIONAL,
    fallback: { kind: 'value', value: EMPTY_LISTINGS },
    searchQuery: true,
    schema: { querystring: searchQuery() },
    source: 'upstream',
    note: 'vehicle highlight spotlights (numRecords up to 10, up to 4 images)',
  },
  {
    name: 'boostListings',
    method: 'GET',
    path: API_PATHS.boostListings,
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing/boost',
    ...OPTIONAL,
    fallback: { kind: 'value', value: EMPTY_LISTINGS },
    searchQuery: true,
    schema: { querystring: searchQuery() },
    source: 'upstream',
    note: 'new car boost listings (firstRecord 0, numRecords 2)',
  },
  {
    name: 'viewCount',
    method: 'GET',
    path: '/cars-for-sale/svc/listing-view-count',
    upstream: 'listing',
    upstreamPath: '/cars-for-sale/svc/listing-view-count',
    ...OPTIONAL,
    fallback: { kind: 'value', value: {} },
    schema: { querystring: Type.Object({ vin: text(17, VIN), dateRange: Type.Optional(whole(1, 90)) }) },
    source: 'spec',
    note: "view counts per vin for the two brands (dateRange 7). The page does not call it: a card's views come with its listing (viewCount, search-results §3), one call per card would add nothing",
  },
  // ---- protected lookups (spec error catalogue: 'Circuit Breaker for ... is open') ------------
  {
    name: 'packages',
    method: 'GET',
    path: API_PATHS.packages,
    upstream: 'reference',
    upstreamPath: '/cars-for-sale/searchoptions/packages',
    ...LOOKUP(60 * SECOND, 5 * SECOND),
    fallback: { kind: 'error' },
    schema: {
      querystring: Type.Object({ makeCode: text(60, CODE), modelCode: text(60, CODE), trimCode: Type.Optional(text(200, CODES)) }),
    },
    source: 'spec',
    note: "search-option package names; a 5000 ms timeout answers 'Request timed out'",
  },
  {
    name: 'mileageStats',
    method: 'GET',
    path: API_PATHS.mileageStats,
    upstream: 'reference',
    upstreamPath: '/rest/lsc/crawl/stats/mileage',
    ...LOOKUP(60 * SECOND),
    fallback: { kind: 'error' },
    schema: {
      querystring: Type.Object({
        makeCode: Type.Optional(text(60, CODE)),
        modelCode: text(60, CODE),
        listingType: Type.Optional(text(60, LISTING_TYPE)),
      }),
    },
    source: 'spec',
    note: 'mileage statistics',
  },
  ...(['modelyears', 'newmodelyears', 'trims', 'newtrims'] as const).map((p): RouteSpec => ({
    name: { modelyears: 'modelYears', newmodelyears: 'newModelYears', trims: 'trims', newtrims: 'newTrims' }[p],
    method: 'GET',
    path: `/rest/lsc/crawl/${p}`,
    upstream: 'reference',
    upstreamPath: `/rest/lsc/crawl/${p}`,
    ...LOOKUP(300 * SECOND),
    fallback: { kind: 'error' },
    schema: { querystring: Type.Object({ makeCode: text(60, CODE), modelCode: text(60, CODE) }) },
    source: 'spec',
    note: CRAWL_NOTES[p],
  })),
  {
    name: 'modelInfo',
    method: 'GET',
    path: '/rest/lsc/modelinfo/ymm',
    upstream: 'reference',
    upstreamPath: '/rest/lsc/modelinfo/ymm',
    ...LOOKUP(300 * SECOND, 5 * SECOND),
    fallback: { kind: 'error' },
    schema: {
      querystring: Type.Object({
        makeCode: text(60, CODE),
        modelCode: text(60, CODE),
        startYear: Type.Optional(whole(1900, 2100)),
        numRecords: Type.Optional(whole(1, 10)),
      }),
    },
    source: 'spec',
    note: 'model info by year, make, model (numRecords 1). The page does not call it: the spec shows nothing of its answer (search-results §7 "Not shown"), and the reference section takes the model from the search and reference vehicles',
  },
  // ---- reference and research -----------------------------------------------------------------
  {
    name: 'referenceLookup',
    method: 'GET',
    path: API_PATHS.referenceLookup,
    upstream: 'reference',
    upstreamPath: '/rest/lsc/reference',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    schema: {
      querystring: Type.Object({
        makeCode: Type.Optional(text(60, CODE)),
        modelCode: Type.Optional(text(60, CODE)),
        category: Type.Optional(oneOf(['all', 'make', 'model', 'trim', 'year', 'mileage', 'bodystyle'])),
      }),
    },
    source: 'upstream',
    note: 'shared reference lookup: makes, models, trims, years, mileage ranges, body styles',
  },
  {
    name: 'referenceVehicles',
    method: 'GET',
    path: API_PATHS.referenceVehicles,
    upstream: 'reference',
    upstreamPath: '/rest/research/reference-vehicles',
    timeoutMs: 5 * SECOND,
    resetMs: 30 * SECOND,
    required: false,
    fallback: { kind: 'value', value: { trims: [] } },
    schema: {
      querystring: Type.Object({ yearId: Type.Optional(whole(1990, 2100)), atcMakeCode: text(60, CODE), atcModelCode: text(60, CODE) }),
    },
    source: 'upstream',
    note: 'research reference vehicles (compare trims), 5 s',
  },
  {
    name: 'consumerRatings',
    method: 'GET',
    path: API_PATHS.consumerRatings,
    upstream: 'reference',
    upstreamPath: '/rest/research/consumer-ratings',
    timeoutMs: 5 * SECOND,
    resetMs: 30 * SECOND,
    required: false,
    fallback: { kind: 'value', value: { ratings: [], numberOfReviews: 0 } },
    schema: { querystring: Type.Object({ vehicleId: text(6, '^[0-9]{6}$') }) },
    source: 'upstream',
    note: 'consumer ratings by vehicleId, 5 s',
  },
  {
    name: 'modelPricing',
    method: 'GET',
    path: API_PATHS.modelPricing,
    upstream: 'reference',
    upstreamPath: '/rest/research/pricing',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { modelYears: [], trims: [] } },
    schema: { querystring: Type.Object({ makeCode: Type.Optional(text(60, CODE)), modelCode: Type.Optional(text(60, CODE)) }) },
    source: 'upstream',
    note: 'SEO pricing: model-year and trim price rows',
  },
  {
    name: 'safety',
    method: 'GET',
    path: API_PATHS.safety,
    upstream: 'reference',
    upstreamPath: '/rest/research/safety',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { groups: [] } },
    schema: { querystring: Type.Object({ makeCode: text(60, CODE), modelCode: text(60, CODE), year: Type.Optional(whole(1900, 2100)) }) },
    source: 'upstream',
    note: 'safety ratings and features',
  },
  // ---- content --------------------------------------------------------------------------------
  {
    name: 'expertReviews',
    method: 'GET',
    path: API_PATHS.expertReviews,
    upstream: 'content',
    upstreamPath: '/content/expert-reviews/:year/:make/:model/:trim',
    ...OPTIONAL,
    fallback: { kind: 'value', value: [] },
    schema: {
      params: Type.Object({ year: text(4, '^[0-9]{4}$'), make: text(60, SLUG), model: text(60, SLUG), trim: text(60, SLUG) }),
      querystring: Type.Object({ embed: Type.Optional(FLAG) }),
    },
    source: 'upstream',
    note: 'expert reviews from the content site (year, make, model, trim, embed), 3 s',
  },
  {
    name: 'articles',
    method: 'GET',
    path: API_PATHS.articles,
    upstream: 'content',
    upstreamPath: '/content/articles',
    ...OPTIONAL,
    fallback: { kind: 'value', value: [] },
    schema: {
      querystring: Type.Object({
        makeCode: Type.Optional(text(60, CODE)),
        modelCode: Type.Optional(text(60, CODE)),
        make: Type.Optional(text(60, CODE)),
        model: Type.Optional(text(60, CODE)),
      }),
    },
    source: 'upstream',
    note: 'editorial article carousel',
  },
  {
    name: 'dealerDiff',
    method: 'GET',
    path: API_PATHS.dealerDiff,
    upstream: 'content',
    upstreamPath: '/content/dealer-difference/:file',
    timeoutMs: 5 * SECOND,
    resetMs: 300 * SECOND,
    required: false,
    fallback: { kind: 'error' },
    responseType: 'text',
    transform: 'dealerDiff',
    schema: {
      params: Type.Object({ file: text(80, '^[A-Za-z0-9_-]{1,64}\\.(json|html)$') }),
      querystring: Type.Object({
        dealerDiffCmsId: Type.Optional(text(64, ID)),
        ownerId: Type.Optional(text(64, ID)),
        listingType: Type.Optional(text(60, LISTING_TYPE)),
      }),
    },
    source: 'upstream',
    note: 'dealer difference content, JSON (<id>.json) and HTML (<id>.html); HTML sanitised before it reaches the page',
  },
  {
    name: 'paymentsScript',
    method: 'GET',
    path: API_PATHS.paymentsScript,
    upstream: 'content',
    upstreamPath: '/content/payments/make-offer.js',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    responseType: 'text',
    schema: { querystring: NO_QUERY },
    cacheControl: 'public, max-age=300',
    source: 'upstream',
    note: "the payments script of 'Make Offer' (search-results §7), loaded only when a shopper asks; failure: logged only",
  },
  {
    name: 'certifiedContent',
    method: 'GET',
    path: API_PATHS.certifiedContent,
    upstream: 'content',
    upstreamPath: '/content/certified',
    ...OPTIONAL,
    fallback: { kind: 'value', value: [] },
    schema: { querystring: NO_QUERY },
    source: 'spec',
    note: 'certified program content (static JSON)',
  },
  {
    name: 'certifiedProgram',
    method: 'GET',
    path: '/content/certified/program/:productId',
    upstream: 'content',
    upstreamPath: '/content/certified/program/:productId',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    schema: { params: Type.Object({ productId: text(64, ID) }), querystring: NO_QUERY },
    source: 'upstream',
    note: 'certified program detail by productId (may include inspectionLink)',
  },
  {
    name: 'adCreative',
    method: 'GET',
    path: API_PATHS.adCreative,
    upstream: 'content',
    upstreamPath: '/content/ads',
    timeoutMs: AD_TIMEOUT_MS,
    resetMs: 30 * SECOND,
    required: false,
    fallback: { kind: 'value', value: { creative: null } },
    schema: {
      querystring: Type.Object({
        slot: oneOf(['fluid', 'liner', 'treehouse', 'fixed', 'footer']),
        number: whole(1, 5),
      }),
    },
    source: 'upstream',
    note: "house ad creative of a grid ad slot (type and number of the five), the fixed bottom bar (number: its refresh) or the footer ad: images per fixed size, alt text, a click-through on this site; failure: no creative, the slot's space stays",
  },
  {
    name: 'adImage',
    method: 'GET',
    path: '/content/ads/:file',
    upstream: 'content',
    upstreamPath: '/content/ads/:file',
    timeoutMs: AD_TIMEOUT_MS,
    resetMs: 30 * SECOND,
    required: false,
    fallback: { kind: 'error' },
    cacheControl: 'public, max-age=86400',
    schema: {
      params: Type.Object({ file: text(60, '^[a-z-]{1,40}-[0-9]{2,4}x[0-9]{2,4}\\.svg$') }),
      querystring: NO_QUERY,
    },
    source: 'upstream',
    note: 'house ad images (SVG drawn by the upstream at each fixed size, served from the page origin)',
  },
  ...(['listing', 'owner', 'model'] as const).map((kind): RouteSpec => ({
    name: `${kind}Image`,
    method: 'GET',
    path: `/images/${kind}/:file`,
    upstream: 'content',
    upstreamPath: `/images/${kind}/:file`,
    ...OPTIONAL,
    fallback: { kind: 'error' },
    cacheControl: 'public, max-age=86400',
    schema: {
      // Listing photos are PNG; model images and dealer logos SVG.
      params: Type.Object({ file: text(80, `^[A-Za-z0-9_-]{1,64}\\.${kind === 'listing' ? 'png' : 'svg'}$`) }),
      querystring: NO_QUERY,
    },
    source: 'upstream',
    note: `${kind} images (generated by the upstream, served from the page's origin)`,
  })),
  // ---- eligibility and geo --------------------------------------------------------------------
  {
    name: 'eligibility',
    method: 'GET',
    upstreamMethod: 'POST',
    bodyFromQuery: true,
    path: '/eligibility/verify',
    upstream: 'eligibility',
    upstreamPath: '/eligibility/verify',
    ...OPTIONAL,
    fallback: {
      kind: 'value',
      value: { totalMatched: 0, sellable: false, circuitBreakerOpen: false, message: MESSAGES.eligibilityFailed },
      whenOpen: { totalMatched: 0, sellable: false, circuitBreakerOpen: true, message: MESSAGES.breakerOpen('eligibility') },
      onStatus: [400, 404, 422],
    },
    schema: {
      querystring: Type.Object({
        vin: text(17, VIN),
        isCertified: Type.Optional(Type.Boolean()),
        listingPrice: Type.Optional(whole(0, 100_000_000)),
        make: Type.Optional(text(60)),
        mileage: Type.Optional(whole(0, 10_000_000)),
        model: Type.Optional(text(60)),
        msrp: Type.Optional(whole(0, 100_000_000)),
        ownerId: Type.Optional(text(64, ID)),
        trim: Type.Optional(text(100)),
        vehicleCondition: Type.Optional(text(20, '^[A-Za-z_0-9]{1,20}$')),
        year: Type.Optional(whole(1900, 2100)),
      }),
    },
    source: 'upstream',
    note: 'ecommerce eligibility per listing (a read for the page: GET here, POST of JSON upstream); failure or an open circuit reads as ineligible',
  },
  {
    name: 'zipValidation',
    method: 'GET',
    path: API_PATHS.zipValidation,
    upstream: 'geo',
    upstreamPath: '/geo/zip/:zip',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    schema: { params: Type.Object({ zip: text(5, ZIP) }), querystring: NO_QUERY },
    source: 'upstream',
    note: "ZIP server check ('Enter a valid ZIP Code' on failure)",
  },
  // ---- account --------------------------------------------------------------------------------
  {
    name: 'signInPage',
    method: 'GET',
    upstream: 'account',
    upstreamPath: '/account/signin',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    responseType: 'text',
    source: 'upstream',
    note: 'the sign-in page, served at SIGNIN_PATH (signin.ts); returnUrl same-origin only',
  },
  {
    name: 'signIn',
    method: 'POST',
    upstream: 'account',
    upstreamPath: '/account/signin',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    responseType: 'text',
    source: 'upstream',
    note: 'sign-in form post at SIGNIN_PATH; Set-Cookie hardened, 303 to the checked returnUrl',
  },
  {
    name: 'tokenLookup',
    method: 'GET',
    upstream: 'account',
    upstreamPath: '/account-api/token',
    ...OPTIONAL,
    fallback: { kind: 'value', value: null, onStatus: [401, 403, 404] },
    source: 'upstream',
    note: "identity token of the signed-in session (the gateway's own call); failure yields null and the call proceeds",
  },
  {
    name: 'searchBookmarks',
    method: 'GET',
    path: '/account-api/searchbookmarks',
    upstream: 'account',
    upstreamPath: '/account-api/searchbookmarks',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { myAtcSearchViewBeans: [], message: MESSAGES.bookmarkNotFound }, onStatus: [404] },
    identity: true,
    schema: { querystring: Type.Object({ searchBookmarkId: Type.Optional(text(64, ID)) }) },
    source: 'spec',
    note: "saved-search bookmark lookup (identity token header); 'Bookmark not found' falls back to empty filters",
  },
  {
    name: 'shareBookmark',
    method: 'GET',
    path: '/account-api/searchbookmarks/share-bookmark/:bookmarkId',
    upstream: 'account',
    upstreamPath: '/account-api/searchbookmarks/share-bookmark/:bookmarkId',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { myAtcSearchViewBeans: [], message: MESSAGES.bookmarkNotFound }, onStatus: [404] },
    schema: { params: Type.Object({ bookmarkId: text(64, ID) }), querystring: NO_QUERY },
    source: 'spec',
    note: 'shared saved search',
  },
  {
    name: 'recordSearch',
    method: 'POST',
    path: '/account-api/search',
    upstream: 'account',
    upstreamPath: '/account-api/search',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    identity: true,
    schema: {
      querystring: NO_QUERY,
      body: RECORD_SEARCH_BODY,
    },
    source: 'spec',
    note: 'records a saved-search run',
  },
  {
    name: 'savedSearchList',
    method: 'GET',
    path: API_PATHS.savedSearchList,
    upstream: 'account',
    upstreamPath: '/account-api/savedsearches',
    ...OPTIONAL,
    fallback: { kind: 'error', value: { savedSearches: [] }, onStatus: [401] },
    identity: true,
    schema: { querystring: NO_QUERY },
    source: 'upstream',
    note: "the signed-in person's saved searches (titles only for signed-in users)",
  },
  {
    name: 'savedSearches',
    method: 'POST',
    path: API_PATHS.savedSearches,
    upstream: 'account',
    upstreamPath: '/account-api/savedsearches',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    identity: true,
    schema: {
      querystring: NO_QUERY,
      body: SAVED_SEARCH_BODY,
    },
    source: 'upstream',
    note: "save a search (free users: 'You have a maximum of 2 searches saved.')",
  },
  {
    name: 'emailSubscribe',
    method: 'POST',
    path: API_PATHS.emailSubscribe,
    upstream: 'account',
    upstreamPath: '/account-api/email-subscriptions',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    schema: {
      querystring: NO_QUERY,
      body: EMAIL_SUBSCRIBE_BODY,
    },
    source: 'upstream',
    note: 'email alert subscription (email, brand, honeypot textPot, consumer metadata update)',
  },
  {
    name: 'leadProfile',
    method: 'GET',
    path: API_PATHS.leadProfile,
    upstream: 'account',
    upstreamPath: '/account-api/lead-profile',
    ...OPTIONAL,
    fallback: { kind: 'value', value: null, onStatus: [401, 404] },
    identity: true,
    schema: { querystring: NO_QUERY },
    source: 'upstream',
    note: 'lead profile (lead candidates; failure: logged only)',
  },
  {
    name: 'leadProfileUpdate',
    method: 'PUT',
    path: '/account-api/lead-profile',
    upstream: 'account',
    upstreamPath: '/account-api/lead-profile',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    identity: true,
    schema: {
      querystring: NO_QUERY,
      body: LEAD_PROFILE_UPDATE_BODY,
    },
    source: 'upstream',
    note: 'lead profile update (one-click opt-in, name, email, phone)',
  },
  {
    name: 'emailDealer',
    method: 'POST',
    path: API_PATHS.emailDealer,
    upstream: 'account',
    upstreamPath: '/account-api/leads',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    identity: true,
    schema: {
      querystring: NO_QUERY,
      body: EMAIL_DEALER_BODY,
    },
    source: 'upstream',
    note: 'email a dealer',
  },
  {
    name: 'oneClickEmail',
    method: 'POST',
    path: API_PATHS.oneClickEmail,
    upstream: 'account',
    upstreamPath: '/account-api/leads/one-click',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    identity: true,
    schema: { querystring: NO_QUERY, body: ONE_CLICK_EMAIL_BODY },
    source: 'upstream',
    note: "one-click email send ('Please confirm vehicle availability.')",
  },
  {
    name: 'reportListing',
    method: 'POST',
    path: API_PATHS.reportListing,
    upstream: 'account',
    upstreamPath: '/account-api/report-listing',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    schema: { querystring: NO_QUERY, body: REPORT_LISTING_BODY },
    source: 'upstream',
    note: 'report a listing',
  },
  {
    name: 'savedListings',
    method: 'GET',
    path: '/account-api/saved-listings',
    upstream: 'account',
    upstreamPath: '/account-api/saved-listings',
    ...OPTIONAL,
    fallback: { kind: 'error', value: { listingIds: [] }, onStatus: [401] },
    identity: true,
    schema: { querystring: NO_QUERY },
    source: 'upstream',
    note: "the signed-in shopper's saved listings (flag personalization; search-results §6)",
  },
  {
    name: 'saveListing',
    method: 'POST',
    path: API_PATHS.saveListing,
    upstream: 'account',
    upstreamPath: '/account-api/saved-listings',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    identity: true,
    schema: {
      querystring: NO_QUERY,
      body: SAVE_LISTING_BODY,
    },
    source: 'upstream',
    note: 'save or unsave a listing (signed-in shoppers)',
  },
  {
    name: 'browsingHistory',
    method: 'GET',
    path: '/account-api/browsing-history',
    upstream: 'account',
    upstreamPath: '/account-api/browsing-history',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { alerts: [] }, onStatus: [401, 404] },
    identity: true,
    schema: { querystring: NO_QUERY },
    source: 'upstream',
    note: 'still-active alerts of the signed-in consumer (first-load state carries them, fetched at most once per 120 s per session)',
  },
  {
    name: 'stillInterested',
    method: 'POST',
    path: API_PATHS.stillInterested,
    upstream: 'account',
    upstreamPath: '/account-api/still-interested',
    ...OPTIONAL,
    fallback: { kind: 'error' },
    identity: true,
    schema: {
      querystring: NO_QUERY,
      body: STILL_INTERESTED_BODY,
    },
    writeBody: 'beacon',
    source: 'spec',
    note: 'still-interested alert (a beacon, or a POST of JSON)',
  },
  {
    name: 'consumerDevice',
    method: 'POST',
    path: API_PATHS.consumerDevice,
    upstream: 'account',
    upstreamPath: '/cars-for-sale/consumer-device/browser',
    timeoutMs: LIMITS.consumerDeviceTimeoutMs,
    resetMs: 30 * SECOND,
    required: false,
    fallback: { kind: 'error' },
    schema: {
      querystring: NO_QUERY,
      body: CONSUMER_DEVICE_BODY,
    },
    source: 'spec',
    note: 'browser push device registration, 1 s',
  },
  {
    name: 'pageEvents',
    method: 'POST',
    path: API_PATHS.pageEvents,
    upstream: 'account',
    upstreamPath: PAGE_EVENTS_PATH,
    ...OPTIONAL,
    fallback: { kind: 'error' },
    schema: { querystring: NO_QUERY, body: PAGE_EVENT_BATCH_SCHEMA },
    writeBody: 'beacon',
    writeLimit: 'page-events',
    // The browser's own limit of a batch (contracts PAGE_EVENT_LIMITS), held on the server too.
    bodyLimit: PAGE_EVENT_LIMITS.batchBytes,
    source: 'upstream',
    note: 'page events (clicks and impressions, page-furniture §7; a failed send is logged only, §8): batches from the shell, a beacon or a keepalive POST of JSON',
  },
];

export function routeByName(name: string, routes: RouteSpec[] = ROUTES): RouteSpec {
  const r = routes.find((x) => x.name === name);
  if (!r) throw new Error(`no upstream route named ${name}`);
  return r;
}

/** A copy of the table with other timings (tests use short resets instead of waiting 30 s). */
export function withTimings(
  routes: RouteSpec[],
  timings: Partial<Pick<RouteSpec, 'timeoutMs' | 'resetMs' | 'volumeThreshold' | 'slowCallMs'>> | ((r: RouteSpec) => Partial<RouteSpec>),
): RouteSpec[] {
  return routes.map((r) => ({ ...r, ...(typeof timings === 'function' ? timings(r) : timings) }));
}

/** One line per call, for the README and the reply: name, method, path, upstream, timeout/reset, required, fallback. */
export function describeRoutes(routes: RouteSpec[] = ROUTES): string[] {
  return routes.map((r) => {
    const fb =
      r.fallback.kind === 'error'
        ? `error object${r.fallback.onStatus ? `; ${JSON.stringify(r.fallback.value)} on ${r.fallback.onStatus.join('/')}` : ''}`
        : `value ${JSON.stringify(r.fallback.value)}${r.fallback.whenOpen !== undefined ? ` (open: ${JSON.stringify(r.fallback.whenOpen)})` : ''}${r.fallback.onStatus ? ` (also on ${r.fallback.onStatus.join('/')})` : ''}`;
    return `${r.name} ${r.method} ${r.path ?? '(internal)'}${r.when ? ` [with ${r.when.has.join(' or ')}]` : ''} -> ${r.upstream}${r.upstreamPath} ${r.timeoutMs / 1000}s/${r.resetMs / 1000}s ${r.required ? 'required' : 'optional'} ${fb}`;
  });
}
