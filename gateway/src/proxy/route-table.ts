/**
 * The one declarative table of every upstream call: method, browser-facing path, upstream,
 * upstream path, timeout, breaker reset, required or optional, and fallback.
 * One opossum breaker per entry is made at boot (breakers.ts); routes.ts exposes each entry.
 */
import type { UpstreamName } from '../config';

export type Fallback =
  /** Answer with the breaker's error object: { error: 'Circuit Breaker for <name> is open' | 'Request timed out' | ... }. */
  | { kind: 'error' }
  /** Answer 200 with this value (optional content that the page can do without). */
  | { kind: 'value'; value: unknown };

export interface RouteSpec {
  /** Breaker and metrics name. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path the browser calls on the gateway (Fastify pattern). */
  path: string;
  upstream: UpstreamName;
  /** Path on the upstream; `:param` segments are filled from the gateway path. */
  upstreamPath: string;
  timeoutMs: number;
  resetMs: number;
  required: boolean;
  fallback: Fallback;
  /** Apply the search-query normalisation to the query string before calling. */
  searchQuery?: boolean;
  /** Request-context keys passed through unchanged beside the normalised search values. */
  passKeys?: string[];
}

export const SECOND = 1000;
const OPTIONAL = { timeoutMs: 3 * SECOND, resetMs: 30 * SECOND, required: false } as const;

export const ROUTES: RouteSpec[] = [
  {
    name: 'listingSearch',
    method: 'GET',
    path: '/rest/lsc/listing',
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing',
    timeoutMs: 20 * SECOND,
    resetMs: 30 * SECOND,
    required: true,
    fallback: { kind: 'error' },
    searchQuery: true,
    passKeys: ['stats', 'vin', 'collapseFilters', 'hideFilters', 'supplemental', 'similarTo', 'includeVehicleHighlights', 'ignorePriority', 'includeSuggested'],
  },
  {
    name: 'premiumSpotlight',
    method: 'GET',
    path: '/rest/lsc/listing/spotlight/premiumresults',
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing/spotlight/premiumresults',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { listings: [], owners: [], totalResultCount: 0 } },
    searchQuery: true,
    passKeys: ['numSpotlights', 'listingTier', 'spotlightPage'],
  },
  {
    name: 'spotlightResults',
    method: 'GET',
    path: '/rest/lsc/listing/spotlight/results',
    upstream: 'listing',
    upstreamPath: '/rest/lsc/listing/spotlight/results',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { listings: [], owners: [], totalResultCount: 0 } },
    searchQuery: true,
    passKeys: ['numSpotlights', 'listingTier', 'spotlightPage'],
  },
  {
    name: 'modelPricing',
    method: 'GET',
    path: '/rest/research/pricing',
    upstream: 'reference',
    upstreamPath: '/rest/research/pricing',
    ...OPTIONAL,
    fallback: { kind: 'value', value: { modelYears: [], trims: [] } },
  },
  {
    name: 'savedSearches',
    method: 'POST',
    path: '/account-api/savedsearches',
    upstream: 'account',
    upstreamPath: '/account-api/savedsearches',
    ...OPTIONAL,
    fallback: { kind: 'error' },
  },
  {
    name: 'emailSubscribe',
    method: 'POST',
    path: '/account-api/email-subscriptions',
    upstream: 'account',
    upstreamPath: '/account-api/email-subscriptions',
    ...OPTIONAL,
    fallback: { kind: 'error' },
  },
];

export function routeByName(name: string): RouteSpec {
  const r = ROUTES.find((x) => x.name === name);
  if (!r) throw new Error(`no upstream route named ${name}`);
  return r;
}
