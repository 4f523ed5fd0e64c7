/**
 * The page HTML: 301 normalisation (the normalised URL is a fixed point), saved-search redirects,
 * first-load state (base search, brand, flags, signed-in state from the cookie, still-active
 * alerts of signed-in people), status codes for people and bots, preload hints, and the page's
 * Content-Security-Policy (security.ts).
 *
 * - The base search is the required `listingSearch` call. When it fails (error, timeout, open
 *   circuit) the page is the spec's error screen ('We are sorry.  There was an issue with your
 *   last search.' and 'Please try again', which reloads), answered 500 to people and 200 to bots.
 *   A 4xx answer of the upstream (invalid values) is not a failure: the page shows no results
 *   ('Update filter criteria to see more results').
 * - Bots skip the browsing-history call; signed-in people get it at most once every 120 s per
 *   session (session.ts).
 * - A URL with searchBookmarkId (or bookmarkId) is a saved-search redirect: the gateway looks the
 *   bookmark up (with the identity token) and answers 302 to the bookmark's search, normalised,
 *   with pagination reset, and records the run. A bookmark that is not the shopper's own (or a
 *   signed-out visit) is looked up as a shared search (share-bookmark) and opens its search; one
 *   that is not found, or a lookup that fails, falls back to empty filters (302 to /cars-for-sale).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SEARCH_PATH,
  SEARCH_PAGE_PATH,
  type Brand,
  forPage,
  type FirstLoadState,
  type FrameTask,
  type IsolateRegion,
  type Registry,
  type SearchQuery,
  type PageSearchResult,
  type SearchResult,
  type SortBy,
  type StateJson,
} from '@cfs/contracts';
import {
  normaliseLocation,
  pageSizeFor,
  rememberedRadius,
  serializeQuery,
  defaultSort,
  withSortInForce,
  SEARCH_RADIUS_COOKIE,
  type TrimBelongs,
} from '@cfs/search-query';
import type { GatewayConfig } from '../config';
import type { GatewayMetrics } from '../metrics';
import type { UpstreamClient } from '../proxy/client';
import type { InProcessGets } from '../proxy/routes';
import { RegistryStore, SHELL } from '../registry/store';
import { applyOverrides } from '../registry/routes';
import type { Isolates } from '../ssr/isolates';
import { stateJson as stateJsonOf } from '../ssr/state-json';
import { renderRegions } from '../ssr/regions';
import { SharedAnswers } from '../ssr/shared-answers';
import { pageSlots } from '../ssr/page-slots';
import { brandForHost, flagsFor } from '../brands';
import { parseFlagOverrides } from '../flag-overrides';
import { ctxFor } from '../search';
import { cspHeader, originOf, registryOrigins, safeReturnUrl, servedOverTls } from '../security';
import { canaryCookie, newShopperId, shopperOf } from '../registry/canary';
import { BrowsingHistoryCache, identityHeadersOf, identityOf, type BrowsingHistory } from '../session';
import { remotePreloads, remoteStyles, scriptIntegrity, shellScripts } from './assets';
import { pageBytes } from '../ssr/page-bytes';
import { takeExpiredNotice } from './expired-notice';
import { takeInventoryView } from './inventory-view';
import { TrimReference } from './trims';
import { backHrefOf } from './back-link';
import { documentHeaders } from './headers';
import { regionLog } from '../warm-up';

/** Said when no shell is deployed (a fresh data directory): an operator's error, not a shopper's. */
export const NO_SHELL = 'The page is not deployed: publish the shell (npm run deploy -w gateway -- publish all)';

/** The base request paths are resolved against (redirects are always paths of the page's origin). */
const LOCAL_ORIGIN = 'http://gateway.local';

const BOT_UA =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|pinterest|vkshare|lighthouse|headlesschrome\/.*google/i;
/**
 * Query keys a staging page keeps beside the search values: registry overrides, mounting some
 * remotes alone, and feature-flag overrides. A production page normalises them away (a crafted
 * link cannot hide regions or change flags).
 */
const PAGE_KEYS = ['remotes', 'only', 'flags'];
const BOOKMARK_KEYS = ['searchBookmarkId', 'bookmarkId'] as const;
/** The page's paths (after dot segments are resolved). */
const PAGE_PATH = new RegExp(`^${SEARCH_PATH}(/|/all/.*)?$`);
/** What a page URL's query may hold: longer values, more repeats or more keys are dropped. */
const QUERY_LIMITS = { valueLength: 4000, repeats: 50, keys: 120 } as const;

/** The query string without the values over QUERY_LIMITS (the first `keys` keys, `repeats` values each). */
export function withinLimits(qs: string): string {
  const out = new URLSearchParams();
  const counts = new Map<string, number>();
  for (const [k, v] of new URLSearchParams(qs)) {
    if (v.length > QUERY_LIMITS.valueLength || k.length > QUERY_LIMITS.valueLength) continue;
    const n = counts.get(k) ?? 0;
    if (n === 0 && counts.size >= QUERY_LIMITS.keys) continue;
    if (n >= QUERY_LIMITS.repeats) continue;
    counts.set(k, n + 1);
    out.append(k, v);
  }
  return out.toString();
}

/** The session cookie 'emailSubscribe' when it holds one of its two values, else null. */
export function emailSubscribeOf(request: FastifyRequest): 'closed' | 'subscribed' | null {
  const v = (request.cookies as Record<string, string | undefined> | undefined)?.emailSubscribe;
  return v === 'closed' || v === 'subscribed' ? v : null;
}

export function isBot(ua: string | undefined): boolean {
  return !!ua && BOT_UA.test(ua);
}

/**
 * The normalised query string of a page URL (search-query's normaliseLocation: path-derived values
 * stay in the path), followed by the page keys it keeps (staging: remotes, only) as given.
 * `defaultSortInForce`: the configured reading's default sort, which the normal form leaves out
 * (relevance when not given).
 */
export function canonicalSearch(
  pathname: string,
  qs: string,
  brand: string,
  pageKeys: readonly string[] = PAGE_KEYS,
  defaultSortInForce?: SortBy,
  trimBelongs?: TrimBelongs,
): { query: SearchQuery; search: string } {
  const { query, search: normalised } = normaliseLocation(pathname, qs, ctxFor(brand, defaultSortInForce, trimBelongs));
  let search = normalised;
  const raw = new URLSearchParams(qs);
  const extra = new URLSearchParams();
  for (const k of pageKeys) for (const v of raw.getAll(k)) extra.append(k, v);
  const extraStr = extra.toString();
  if (extraStr) search = search ? `${search}&${extraStr}` : extraStr;
  return { query, search };
}

/**
 * The upstream query string of the page's base search: the normalised query with the sort in force
 * (the configured default when the query has none), the page size unless the URL gives one, the
 * price and year stats, and includeSuggested=true when the brand's suggestedFilters flag is on
 * (the upstream answers suggested filters only when asked).
 */
export function firstLoadSearchQuery(
  query: SearchQuery,
  opts: { pageSize: number; defaultSort: SortBy; suggestedFilters: boolean },
): string {
  const sorted = withSortInForce(query, opts.defaultSort);
  const upstreamQs = serializeQuery({ ...sorted, numRecords: query.numRecords ?? opts.pageSize });
  const extra = ['stats=year,derivedprice', ...(opts.suggestedFilters ? ['includeSuggested=true'] : [])].join('&');
  return upstreamQs ? `${upstreamQs}&${extra}` : extra;
}

/** First-load state as the gateway renders it: the contract's fields plus the still-active alerts. */
export type GatewayFirstLoadState = FirstLoadState & { browsingHistory: BrowsingHistory | null };

interface BookmarkBean {
  bookmarkId?: string;
  bookmarkTitle?: string;
  searchResultsURL?: string;
}

/** The page with empty filters, in its normal form (a redirect there is not followed by a 301). */
export function emptySearchUrl(brand: string): string {
  return bookmarkTarget(undefined, brand);
}

/**
 * The page URL a saved search leads to: its search values normalised, paging reset, no bookmark
 * keys; empty filters (normalised too: one redirect, never two) when there is none.
 */
export function bookmarkTarget(searchResultsURL: string | undefined, brand: string, defaultSortInForce?: SortBy): string {
  let u: URL;
  try {
    u = new URL(typeof searchResultsURL === 'string' && searchResultsURL ? searchResultsURL : SEARCH_PATH, LOCAL_ORIGIN);
  } catch {
    u = new URL(SEARCH_PATH, LOCAL_ORIGIN);
  }
  const pathname = SEARCH_PAGE_PATH.test(u.pathname) ? u.pathname : SEARCH_PATH;
  const params = new URLSearchParams(u.search);
  for (const k of [...BOOKMARK_KEYS, 'firstRecord', ...PAGE_KEYS]) params.delete(k);
  const { search } = canonicalSearch(pathname, params.toString(), brand, PAGE_KEYS, defaultSortInForce);
  return safeReturnUrl(`${pathname}${search ? `?${search}` : ''}`, LOCAL_ORIGIN);
}

/** The shopper id of a person's canary choices: their cookie's, or a new one the answer sets. */
export function shopperIdOf(request: FastifyRequest, reply: FastifyReply, config: Pick<GatewayConfig, 'tls'>): string {
  const have = shopperOf(request);
  if (have) return have;
  const id = newShopperId();
  reply.header('set-cookie', canaryCookie(id, servedOverTls(request, config)));
  return id;
}

/**
 * The versions staging pages composed lately (`name@version`): their isolates stay warm for
 * STAGED_KEEP_MS after the last page that named them, then are released like any version no
 * longer live.
 */
export const STAGED_KEEP_MS = 10 * 60_000;
class StagedVersions {
  private lastUsed = new Map<string, number>();
  use(versions: Record<string, string>): void {
    const now = Date.now();
    for (const [name, version] of Object.entries(versions)) this.lastUsed.set(`${name}@${version}`, now);
  }
  recent(): Set<string> {
    const now = Date.now();
    for (const [key, at] of this.lastUsed) if (now - at > STAGED_KEEP_MS) this.lastUsed.delete(key);
    return new Set(this.lastUsed.keys());
  }
}

/** Where a page request stands once its URL is in normal form. */
interface PageAt {
  url: URL;
  brand: Brand;
  staging: boolean;
  query: SearchQuery;
  sortDefault: SortBy;
  bot: boolean;
  signedIn: boolean;
}
type Answered = { answered: FastifyReply };

/** What the page is made of: its first-load state, and the versions it composes. */
interface FirstLoad {
  state: GatewayFirstLoadState;
  registry: Registry;
  shellVersion: string;
  /** Origins of remotes a staging page composes from elsewhere (its CSP allows them). */
  overrideOrigins: string[];
  stateJson: StateJson;
}

export async function pageRoutes(
  app: FastifyInstance,
  opts: {
    config: GatewayConfig;
    client: UpstreamClient;
    store: RegistryStore;
    isolates: Isolates;
    metrics: GatewayMetrics;
    /** The proxy routes' GETs, answered within the process (proxy/routes.ts). */
    inProcess?: InProcessGets;
  },
) {
  const { config, client, store, isolates, metrics, inProcess } = opts;
  const history = new BrowsingHistoryCache(config.browsingHistoryGapMs);
  const trims = new TrimReference(client);
  const staged = new StagedVersions();
  const inTurn = pageSlots(config.ssr.pagesAtOnce, config.ssr.pageWaitMs, (outcome, waitedMs) =>
    metrics.pageWait.labels(outcome).observe(waitedMs / 1000),
  );
  const sharedAnswers = new SharedAnswers({
    ttlMs: config.ssr.sharedAnswersMs,
    onLookup: (result) => metrics.sharedAnswers.labels(result).inc(),
  });

  /**
   * A GET of a region's server render, through the gateway's own routes: the same route table,
   * schema, breakers and fallbacks as the browser's call, with the shopper's cookie and host (a
   * proxy route's GET answered within the process, InProcessGets). Within one
   * page, a URL is asked for once: regions that need the same answer (the showcase and the grid
   * both read the premium spotlights) share it. The answer goes to the isolates as its body text,
   * which each parses for itself.
   */
  function gatewayGet(request: FastifyRequest, signedIn: boolean) {
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const h of ['cookie', 'host', 'user-agent'] as const) {
      const v = request.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const asked = new Map<string, Promise<string>>();
    const ask = async (url: string) => {
      if (!url.startsWith('/') || url.startsWith('//')) throw new Error(`not a gateway path: ${url}`);
      // A proxy route's GET is answered within the process; anything else goes through the routes.
      const direct = inProcess?.get(url, headers);
      const res = direct ? await direct : await app.inject({ method: 'GET', url, headers });
      const status = 'status' in res ? res.status : res.statusCode;
      if (status !== 200) throw new Error(`${url.split('?')[0]} answered ${status}`);
      return res.body;
    };
    // A signed-out page's answers are the same for every signed-out page on this host (shared-answers.ts).
    const host = headers.host ?? '';
    const shared = (url: string) => (signedIn ? ask(url) : sharedAnswers.get(`${host} ${url}`, () => ask(url)));
    return (url: string) => {
      let answer = asked.get(url);
      if (!answer) asked.set(url, (answer = shared(url)));
      return answer;
    };
  }

  /** The version of each deployable (the remotes and the shell) a registry names. */
  function versionsOf(registry: Registry): Record<string, string> {
    const live: Record<string, string> = Object.fromEntries(Object.entries(registry.remotes).map(([n, e]) => [n, e.version]));
    if (registry.shell) live[SHELL] = registry.shell.version;
    return live;
  }

  async function resolveBookmark(request: FastifyRequest, id: string, brand: string): Promise<string> {
    // A lookup that fails yields no identity and the lookup proceeds as signed out (search-results §8):
    // the bookmark may still be a shared search.
    const identity = await identityOf(client, request, config);
    const extraHeaders = identityHeadersOf(identity);
    const res =
      identity.state === 'signedIn'
        ? await client.call<{ myAtcSearchViewBeans?: BookmarkBean[] }>('searchBookmarks', {
            query: { searchBookmarkId: id },
            extraHeaders,
          })
        : null;
    const beans = res?.ok && Array.isArray(res.data?.myAtcSearchViewBeans) ? res.data.myAtcSearchViewBeans : [];
    const bean = beans.find((b) => b?.bookmarkId === id) ?? beans[0];
    if (!bean?.searchResultsURL) {
      // Not the shopper's own saved search (or signed out): a shared search link opens its search.
      const shared = await client.call<{ searchResultsURL?: string }>('shareBookmark', { params: { bookmarkId: id } });
      if (shared.ok && typeof shared.data?.searchResultsURL === 'string' && shared.data.searchResultsURL) {
        return bookmarkTarget(shared.data.searchResultsURL, brand, defaultSort(config.defaultSortReading));
      }
      request.log.info({ bookmark: id, fallback: res?.fallback ?? shared.fallback }, 'Bookmark not found: empty filters');
      return emptySearchUrl(brand);
    }
    // Record the run; its outcome does not change the redirect.
    void client
      .call('recordSearch', {
        body: {
          bookmarkId: bean.bookmarkId ?? id,
          bookmarkTitle: bean.bookmarkTitle ?? '',
          searchName: bean.bookmarkTitle ?? '',
          lastExecuted: new Date().toISOString(),
        },
        extraHeaders,
      })
      .catch(() => undefined);
    return bookmarkTarget(bean.searchResultsURL, brand, defaultSort(config.defaultSortReading));
  }

  /**
   * The page, as a pipeline of named steps; a step that answers the request itself (a redirect, the
   * page not deployed) ends it:
   *   locate      the URL's normal form, or a redirect to it (a bookmark, the remembered radius);
   *   inTurn      the page's turn: so many pages render at once (ssr/page-slots.ts);
   *   firstLoad   the base search, the shopper's history and versions: the first-load state;
   *   headers     the page's CSP for the versions it composes;
   *   regions     each region from its version's isolate, within its budget (ssr/regions.ts);
   *   compose     the shell's frame around them, its slots filled (ssr/page-bytes.ts);
   * then the answer, with the document headers of what it is.
   */
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const at = await locate(request, reply);
    if ('answered' in at) return at.answered;
    return inTurn(() => render(request, reply, at));
  };

  /** The page at its normal form, once it has its turn (ssr/page-slots.ts). */
  async function render(request: FastifyRequest, reply: FastifyReply, at: PageAt) {
    const first = await firstLoad(request, reply, at);
    if ('answered' in first) return first.answered;
    pageHeaders(request, reply, first);
    const regions = first.state.searchError ? {} : await renderPageRegions(request, at, first);
    const html = await compose(first, regions);
    if (html instanceof Error) {
      request.log.error({ shell: first.shellVersion, err: html.message }, 'the page frame could not be rendered');
      return documentHeaders(reply, 'searchPageUnavailable')
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The page frame (shell ${first.shellVersion}) could not be rendered`);
    }
    const searchError = first.state.searchError;
    documentHeaders(reply, searchError ? 'searchErrorScreen' : 'searchPage').type('text/html; charset=utf-8');
    // The error screen answers 500 to people and 200 to bots.
    return reply.code(searchError && !at.bot ? 500 : 200).send(html);
  }

  /** The URL's normal form, or a redirect: to the normal form, a bookmark's search, the remembered radius. */
  async function locate(request: FastifyRequest, reply: FastifyReply): Promise<PageAt | Answered> {
    // The URL parser resolves dot segments ('..', '%2e%2e'): a path that then is not the page's is
    // not found now, rather than redirected to a 404.
    const url = new URL(request.raw.url ?? '/', LOCAL_ORIGIN);
    if (!PAGE_PATH.test(url.pathname)) {
      reply.callNotFound();
      return { answered: reply };
    }
    const rawPath = (request.raw.url ?? '/').split('?')[0];
    const brand = brandForHost(request.headers.host, config.brandHosts);
    const current = url.search.replace(/^\?/, '');
    const staging = config.mode === 'staging';
    // Values over the request limits are dropped like any other value the page cannot use.
    const usable = request.validationError ? withinLimits(current) : current;
    const sortDefault = defaultSort(config.defaultSortReading);
    const pageKeys = staging ? PAGE_KEYS : [];
    let { query, search } = canonicalSearch(url.pathname, usable, brand, pageKeys, sortDefault);
    // A trim is kept only if it belongs to the make and model (page-furniture §2): looked up when
    // the search names one (trims.ts; a lookup that cannot answer keeps it).
    if (query.trimCode?.length && query.makeCode?.length && query.modelCode?.length) {
      const belongs = await trims.belongs(query.makeCode, query.modelCode);
      ({ query, search } = canonicalSearch(url.pathname, usable, brand, pageKeys, sortDefault, belongs));
    }
    if (search !== current || rawPath !== url.pathname) {
      return {
        answered: documentHeaders(reply, 'normalisedRedirect').redirect(
          safeReturnUrl(`${url.pathname}${search ? `?${search}` : ''}`, LOCAL_ORIGIN),
          301,
        ),
      };
    }
    const bookmarkId = query.searchBookmarkId ?? query.bookmarkId;
    if (bookmarkId) {
      const target = await resolveBookmark(request, bookmarkId, brand);
      return { answered: documentHeaders(reply, 'pageRedirect').redirect(target, 302) };
    }

    const bot = isBot(request.headers['user-agent']);
    // A URL that names no radius gets the one the shopper chose last (the filter panel's cookie;
    // search-query's radius cookie): a redirect only this shopper's browser follows, never stored.
    const remembered = bot ? undefined : rememberedRadius((request.cookies as Record<string, string | undefined>)?.[SEARCH_RADIUS_COOKIE]);
    if (query.searchRadius === undefined && remembered !== undefined) {
      const withRadius = canonicalSearch(
        url.pathname,
        `${usable}${usable ? '&' : ''}searchRadius=${remembered}`,
        brand,
        pageKeys,
        sortDefault,
      ).search;
      if (withRadius !== search) {
        return {
          answered: documentHeaders(reply, 'radiusRedirect').redirect(safeReturnUrl(`${url.pathname}?${withRadius}`, LOCAL_ORIGIN), 302),
        };
      }
    }
    const signedIn = Boolean((request.cookies as Record<string, string | undefined> | undefined)?.[config.sessionCookie]);
    return { url, brand, staging, query, sortDefault, bot, signedIn };
  }

  /** The base search, the shopper's history and versions, and the rest of the first-load state. */
  async function firstLoad(request: FastifyRequest, reply: FastifyReply, at: PageAt): Promise<FirstLoad | Answered> {
    const { url, brand, staging, query, sortDefault, bot, signedIn } = at;
    // The base search: the normalised query with the sort in force (paging from the URL), the page
    // size, stats, and suggested filters when the brand shows them.
    const flags = flagsFor(brand, staging ? parseFlagOverrides(url.searchParams.getAll('flags')) : {});
    const baseQuery = firstLoadSearchQuery(query, {
      // The brand's page size, as the browser's searches use it (Ford's 25 becomes 30, page-furniture §9).
      pageSize: pageSizeFor(brand, config.pageSize),
      defaultSort: sortDefault,
      suggestedFilters: flags.suggestedFilters,
    });
    const [res, browsingHistory] = await Promise.all([
      client.call<SearchResult>('listingSearch', { query: baseQuery }),
      signedIn && !bot ? history.get(client, request, config) : Promise.resolve(null),
    ]);
    let result: PageSearchResult | null = null;
    let searchError: string | null = null;
    // The page carries what its regions read of each listing and owner (contracts' forPage).
    if (res.ok) result = forPage(res.data);
    else if (res.status >= 400 && res.status < 500 && !res.fallback) {
      // Invalid query values: the page shows the no-results message, not the error screen.
      result = { listings: [], owners: [], totalResultCount: 0 };
    } else {
      searchError = (res.data as { error?: string })?.error ?? 'search failed';
      request.log.error({ err: searchError, fallback: res.fallback }, 'base search failed');
    }

    // A person's canary choices follow their first-party cookie (registry/canary.ts); bots get the live versions.
    const shopper = bot ? undefined : shopperIdOf(request, reply, config);
    const stored = store.toRegistry(shopper);
    if (!stored.shell) {
      return { answered: documentHeaders(reply, 'searchPageUnavailable').code(503).type('text/plain; charset=utf-8').send(NO_SHELL) };
    }

    // Staging pages may compose other versions: published ones by id (rendered on the server from
    // their own containers, like live ones) or remotes from elsewhere by URL (the browser alone
    // loads them, their origins allowed by this page's CSP only).
    let registry = stored;
    let overrideOrigins: string[] = [];
    const rawOverrides = url.searchParams.get('remotes');
    if (staging && rawOverrides) {
      const applied = applyOverrides(stored, rawOverrides, store);
      if (!applied.error) {
        registry = applied.registry;
        overrideOrigins = Object.values(applied.registry.remotes)
          .filter((e) => e.version === 'override')
          .map((e) => originOf(e.manifest))
          .filter((o): o is string => !!o);
        staged.use(versionsOf(registry));
      }
    }
    isolates.retain({}, new Set([...store.servedVersions(), ...staged.recent()]));
    const shellVersion = registry.shell?.version ?? stored.shell.version;

    const state: GatewayFirstLoadState = {
      brand,
      flags,
      signedIn,
      query,
      result,
      searchError,
      registry,
      config: {
        pageSize: config.pageSize,
        remoteTimeoutMs: config.remoteTimeoutMs,
        signInPath: config.signInPath,
        showcaseCellWidth: config.showcaseCellWidth,
        footerAdSmall: config.footerAdSmall,
        defaultSort: sortDefault,
        apiBase: '',
      },
      browsingHistory,
      // The session value of the email-alert prompt (a session cookie the alerts region writes).
      emailSubscribe: emailSubscribeOf(request),
      // Sent here from a listing that is no longer available: the hero says so (expired-notice.ts).
      expiredListing: takeExpiredNotice(request, reply, config),
      // The previous visit to a search page: the notification prompt's recent-inventory view.
      lastInventoryView: takeInventoryView(request, reply, config),
      // Came from a page of this site: the hero's back link leads there (back-link.ts).
      backHref: backHrefOf(request, `${url.pathname}${url.search}`),
    };
    return { state, registry, shellVersion, overrideOrigins, stateJson: stateJsonOf(state) };
  }

  /** The page's CSP: the origins of the versions it composes. */
  function pageHeaders(request: FastifyRequest, reply: FastifyReply, first: FirstLoad): void {
    reply.header(
      'content-security-policy',
      cspHeader({
        registryOrigins: registryOrigins(first.registry, config.registryOrigins),
        overrideOrigins: first.overrideOrigins,
        tls: config.tls || request.protocol === 'https',
      }),
    );
  }

  /** Every region from the isolate of its version, each within its own budget. */
  function renderPageRegions(request: FastifyRequest, at: PageAt, first: FirstLoad) {
    // ?only= mounts some remotes alone (a staging page): the others are not rendered either.
    const only = at.staging ? at.url.searchParams.get('only')?.split(',') : undefined;
    const { registry } = first;
    const rendered: Registry = only
      ? { ...registry, remotes: Object.fromEntries(Object.entries(registry.remotes).filter(([n]) => only.includes(n))) }
      : registry;
    return renderRegions({
      isolates,
      registry: rendered,
      state: first.stateJson,
      get: gatewayGet(request, at.signedIn),
      metrics,
      log: regionLog(request),
    });
  }

  /**
   * The page from the frame of its shell version, in its own isolate; the gateway writes the state,
   * the regions and their styles into the frame's slots (ssr/page-bytes.ts).
   */
  async function compose(first: FirstLoad, regions: Record<string, IsolateRegion>): Promise<Buffer | Error> {
    const { registry, shellVersion, stateJson } = first;
    const searchError = first.state.searchError;
    const assets: FrameTask['assets'] = {
      scripts: searchError ? [] : shellScripts(store, shellVersion),
      start: searchError ? [] : shellScripts(store, shellVersion, 'start'),
      inlineStyles: Object.keys(regions).flatMap((name) =>
        remoteStyles(store, name, registry.remotes[name].version).map((s) => ({ remote: name, ...s })),
      ),
      preloads: searchError ? [] : remotePreloads(store, registry),
      integrity: searchError ? {} : scriptIntegrity(store, registry, shellVersion),
    };
    const page = await isolates.frame(shellVersion, { state: stateJson, assets, regions });
    if (!page.ok || !('page' in page.reply)) return new Error(page.ok ? 'no page' : `${page.cause}: ${page.error ?? ''}`);
    return pageBytes(page.reply.page, page.reply.slots, {
      state: stateJson.bytes,
      regions,
      styles: (assets.inlineStyles ?? []).map((s) => s.css),
    });
  }

  const schema = {
    querystring: {
      type: 'object',
      additionalProperties: {
        anyOf: [
          { type: 'string', maxLength: QUERY_LIMITS.valueLength },
          { type: 'array', maxItems: QUERY_LIMITS.repeats, items: { type: 'string', maxLength: QUERY_LIMITS.valueLength } },
        ],
      },
      maxProperties: QUERY_LIMITS.keys,
    },
  };
  // attachValidation: a page URL over the limits is normalised (301) without what broke them, not refused.
  for (const path of [SEARCH_PATH, `${SEARCH_PATH}/`, `${SEARCH_PATH}/all/*`]) app.get(path, { schema, attachValidation: true }, handler);
}
