/**
 * What follows the last page of a search (search-results §2, §4, §7, §9; page-furniture §2, §4):
 * the supplemental listings (100, the wider market: the search without its radius), the similar
 * listings (20, like one listing of the search) and the email capture after them. One named
 * function per rule; the URLs depend only on the search (query, result, default sort), so the
 * server render and the browser ask for the same ones.
 */
import { LIMITS, API_PATHS, type PageListing, type PageOwner, type SearchQuery, type PageSearchResult, type SortBy } from '@cfs/contracts';
import { excludedIdsParam, resetPaging, savedSearchString, serializeQuery, validZip, withSortInForce } from '@cfs/search-query';
import type { TierAnswer } from './tier-requests';
import { hasMoreResults } from './grid';
import { FIRST_SCREEN_CELLS } from './eligibility';

/** The gateway's supplementalListings route: the listing search path with supplemental or similarTo. */
export const END_LISTINGS_PATH = API_PATHS.supplementalListings;

/**
 * The vehicle history report provider the end-of-results calls name (search-results §7: vhrProvider)
 * when the search names none. designed: the spec gives the parameter but not its values; the page
 * shows no provider-specific report, so it asks for listings whatever their provider.
 */
export const VHR_PROVIDER = 'ALL';

/** What the end-of-results calls depend on beside the search: the same on the server and in the browser. */
export interface EndContext {
  /** The default sort in force (sent when the query has no sortBy). */
  defaultSort?: SortBy;
  /**
   * The 'vehicle highlight' flag: includeVehicleHighlights asks the listings to keep their
   * highlight (urgency driver, up to 4 images), which the cards show only with the flag on.
   */
  vehicleHighlights?: boolean;
}

/**
 * The cards of each section in the first paint (the server's render, and the render that hydrates
 * it): the first screen's cells. designed: a last page's sections hold up to 120 listings, and
 * rendering, sending and compressing all of them cost the gateway some 13 ms more CPU than a page
 * without them (half as much again; its HTML was 640 KB, not 265); a shopper sees the first few
 * before scrolling.
 * The rest are added the render after the region has hydrated (not while a pointer is down: a
 * press that hydrates the region would otherwise find the email capture moved from under it,
 * remote-kit's useFirstPaint), and the region's code is asked for as the shopper scrolls towards
 * the end of the first cards (markup.ts END_MORE_ATTR, awaiting/), before reaching in.
 */
export const END_FIRST_PAINT_CARDS = FIRST_SCREEN_CELLS;

/** The cards of a section a render shows: its first END_FIRST_PAINT_CARDS in the first paint, all of them after. */
export function endCardsShown<T>(entries: readonly T[], firstPaint: boolean): { shown: readonly T[]; cut: boolean } {
  const cut = firstPaint && entries.length > END_FIRST_PAINT_CARDS;
  return { shown: cut ? entries.slice(0, END_FIRST_PAINT_CARDS) : entries, cut };
}

/** Similar listings show only while total results plus supplemental listings are 25 or fewer (page-furniture §4). */
export const SIMILAR_TOTAL_MAX = 25;

/** Headings of the sections. The spec names the parts but gives no heading texts; these are the product's. */
export const END_TEXT = {
  supplementalHeading: 'More Vehicles Outside Your Search Area',
  similarHeading: 'Similar Vehicles You May Like',
  captureHeading: 'Get new listings for this search by email',
  email: 'Email',
  close: 'Close email alerts',
} as const;

/** The last page: the search found listings and there are no more to load (the grid's rule). */
export function isLastPage(result: PageSearchResult | null | undefined): result is PageSearchResult {
  return !!result && result.listings.length > 0 && !hasMoreResults(result);
}

/** A search radius is set: a 5-digit ZIP and a radius above 0 (0 means nationwide, search-results §5). */
export function radiusSet(query: SearchQuery): boolean {
  return validZip(query.zip) && typeof query.searchRadius === 'number' && query.searchRadius > 0;
}

/**
 * The location-type flag (page-furniture §4, not defined further by the spec): the search is
 * located by a place (a city or state page) rather than by a ZIP and radius.
 */
export function hasLocationType(query: SearchQuery): boolean {
  return (typeof query.city === 'string' && query.city.trim() !== '') || (typeof query.state === 'string' && query.state.trim() !== '');
}

/**
 * Supplemental listings are asked for at the last page of a search narrowed by a radius. designed:
 * the supplemental call drops the radius (the wider market), so without one it would only repeat
 * the search's own listings.
 */
export function supplementalRequested(query: SearchQuery, result: PageSearchResult | null | undefined): boolean {
  return isLastPage(result) && radiusSet(query);
}

/**
 * Similar listings (page-furniture §4): only when a search radius is set, there is no
 * location-type flag, and total results plus the supplemental count is 25 or fewer.
 */
export function similarRequested(query: SearchQuery, total: number, supplementalCount: number): boolean {
  return radiusSet(query) && !hasLocationType(query) && total + supplementalCount <= SIMILAR_TOTAL_MAX;
}

/**
 * The listing similar listings are like. designed: the spec does not say; the search's first
 * listing (its best match in the order the shopper chose) with an id.
 */
export function similarToId(result: PageSearchResult): string | null {
  const first = result.listings.find((l) => typeof l.id === 'string' && l.id !== '');
  return first ? first.id : null;
}

/** Ids of the listings a search shows (the ones the end-of-results calls exclude). */
export function listingIds(listings: readonly PageListing[]): string[] {
  return listings.map((l) => l.id).filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * The search values of an end-of-results call: the search with paging reset, its sort in force,
 * `numRecords` records, its vhrProvider, and the listings shown excluded when they fit in the 1 to
 * 25 excluded ids (search-results §5; the query's own exclusions always stay, the rest is removed
 * on the page).
 */
function endQuery(query: SearchQuery, defaultSort: SortBy | undefined, numRecords: number, exclude: readonly string[]): string {
  const q: SearchQuery = { ...withSortInForce(resetPaging(query), defaultSort), numRecords };
  q.vhrProvider = query.vhrProvider || VHR_PROVIDER;
  const own = query.excludedListingId ?? [];
  const ids = excludedIdsParam([...own, ...exclude]) ?? excludedIdsParam(own);
  if (ids) q.excludedListingId = ids;
  else delete q.excludedListingId;
  return serializeQuery(q);
}

/** The request-context keys after the search values: hideFilters and includeVehicleHighlights (search-results §7). */
function endContextParams(ctx: EndContext): string {
  return `hideFilters=true&includeVehicleHighlights=${ctx.vehicleHighlights === true}`;
}

/**
 * GET /rest/lsc/listing with supplemental=true, numRecords 100, hideFilters, excludedListingId,
 * vhrProvider and includeVehicleHighlights (search-results §7, §9).
 */
export function supplementalUrl(query: SearchQuery, result: PageSearchResult | null | undefined, ctx: EndContext = {}): string | null {
  if (!isLastPage(result) || !supplementalRequested(query, result)) return null;
  const qs = endQuery(query, ctx.defaultSort, LIMITS.supplementalPageSize, listingIds(result.listings));
  return `${END_LISTINGS_PATH}?${qs}&supplemental=true&${endContextParams(ctx)}`;
}

/**
 * GET /rest/lsc/listing with similarTo, numRecords 20 and the supplemental call's request context
 * (search-results §7, §9), once the supplemental answer is known (`supplemental`: the listings it
 * adds, none if it failed).
 */
export function similarUrl(
  query: SearchQuery,
  result: PageSearchResult | null | undefined,
  supplemental: readonly PageListing[],
  ctx: EndContext = {},
): string | null {
  if (!isLastPage(result) || !similarRequested(query, result.totalResultCount, supplemental.length)) return null;
  const id = similarToId(result);
  if (!id) return null;
  const qs = endQuery(query, ctx.defaultSort, LIMITS.similarPageSize, [...listingIds(result.listings), ...listingIds(supplemental)]);
  return `${END_LISTINGS_PATH}?${qs}&similarTo=${encodeURIComponent(id)}&${endContextParams(ctx)}`;
}

export interface EndListing {
  listing: PageListing;
  owner: PageOwner | undefined;
}

/**
 * What the supplemental call adds to the search (its own listings left out): the similar call's
 * condition counts them, the same on the server and in the browser.
 */
export function supplementalAdded(answer: TierAnswer | null, result: PageSearchResult | null | undefined): PageListing[] {
  return freshListings(answer, new Set(listingIds(result?.listings ?? [])), LIMITS.supplementalPageSize).map((e) => e.listing);
}

/**
 * The listings of an answer the page does not show yet: not among `shown` (the grid's and the
 * sections' before), nor excluded by the search, nor without an id, nor repeated; at most `max`.
 */
export function freshListings(answer: TierAnswer | null, shown: ReadonlySet<string>, max: number): EndListing[] {
  if (!answer) return [];
  const owners = new Map(answer.owners.map((o) => [o.id, o]));
  const seen = new Set(shown);
  const out: EndListing[] = [];
  for (const listing of answer.listings) {
    if (out.length >= max) break;
    if (!listing || typeof listing.id !== 'string' || listing.id === '' || seen.has(listing.id)) continue;
    seen.add(listing.id);
    out.push({ listing, owner: owners.get(listing.ownerId) });
  }
  return out;
}

// ---- email capture --------------------------------------------------------------------------------

export interface CaptureContext {
  signedIn: boolean;
  /** Saved-search titles (filled only for signed-in users). */
  savedSearchTitles: readonly string[];
  query: SearchQuery;
  /** An address already subscribed in this page's visit (the shared savedSearch.subscribedEmail). */
  subscribedEmail: string | null;
  /** The subscribe-alerts feature flag. */
  subscribeAlerts: boolean;
  /** The shopper closed an email capture in this session (session value 'emailSubscribe' = 'closed'). */
  closed: boolean;
}

/**
 * The email capture (page-furniture §4 Email-alert prompt): only for anonymous visitors with no
 * saved search title, with request values present, not recently subscribed, not closed in this
 * session, and the subscribe-alerts flag on.
 */
export function emailCaptureShown(ctx: CaptureContext): boolean {
  return (
    ctx.subscribeAlerts &&
    !ctx.signedIn &&
    ctx.savedSearchTitles.length === 0 &&
    savedSearchString(ctx.query) !== '' &&
    ctx.subscribedEmail === null &&
    !ctx.closed
  );
}
