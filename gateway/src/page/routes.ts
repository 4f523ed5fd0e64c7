/**
 * The page HTML: 301 normalisation, first-load state (base search, brand, flags, signed-in from
 * the cookie), status codes for people and bots, preload hints.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { FirstLoadState, SearchQuery, SearchResult } from '@cfs/contracts';
import { queryFromPath, serializeQuery, defaultSort } from '@cfs/search-query';
import { renderPage } from 'shell/src/layout';
import type { GatewayConfig } from '../config';
import type { UpstreamClient } from '../proxy/client';
import { RegistryStore } from '../registry/store';
import { brandForHost, flagsFor } from '../brands';
import { normalisedQuery, ctxFor } from '../search';
import { shellScripts, remotePreloads, SHELL_URL_PREFIX } from './assets';

export const SESSION_COOKIE = 'cfs_session';
const BOT_UA = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|pinterest|vkshare/i;
/** Query keys a staging page keeps beside the search values. */
const PAGE_KEYS = ['remotes', 'only'];

export function isBot(ua: string | undefined): boolean {
  return !!ua && BOT_UA.test(ua);
}

/** The normalised query string of a page URL (path-derived values stay in the path). */
export function canonicalSearch(pathname: string, qs: string, brand: string): { query: SearchQuery; search: string } {
  const query = normalisedQuery(qs, brand, pathname);
  const fromPath = queryFromPath(pathname) as Record<string, unknown>;
  const rest: Record<string, unknown> = { ...query };
  for (const [k, v] of Object.entries(fromPath)) {
    if (JSON.stringify(rest[k]) === JSON.stringify(v)) delete rest[k];
  }
  let search = serializeQuery(rest as SearchQuery);
  const raw = new URLSearchParams(qs);
  const extra = new URLSearchParams();
  for (const k of PAGE_KEYS) for (const v of raw.getAll(k)) extra.append(k, v);
  const extraStr = extra.toString();
  if (extraStr) search = search ? `${search}&${extraStr}` : extraStr;
  return { query, search };
}

export async function pageRoutes(
  app: FastifyInstance,
  opts: { config: GatewayConfig; client: UpstreamClient; store: RegistryStore },
) {
  const { config, client, store } = opts;

  await app.register(fastifyStatic, {
    root: config.shellDist,
    prefix: SHELL_URL_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders(reply: { header(k: string, v: string): unknown }, filePath: string) {
      reply.header('cache-control', /asset-manifest\.json$/.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.raw.url ?? '/', 'http://gateway.local');
    const brand = brandForHost(request.headers.host, config.brandHosts);
    const current = url.search.replace(/^\?/, '');
    const { query, search } = canonicalSearch(url.pathname, current, brand);
    if (search !== current) {
      return reply.redirect(`${url.pathname}${search ? `?${search}` : ''}`, 301);
    }
    const bot = isBot(request.headers['user-agent']);
    const signedIn = Boolean((request.cookies as Record<string, string | undefined> | undefined)?.[SESSION_COOKIE]);

    const params = new URLSearchParams(serializeQuery({ ...query, numRecords: query.numRecords ?? config.pageSize }));
    params.set('stats', 'year,derivedprice');
    const res = await client.call<SearchResult>('listingSearch', { query: params, headers: request.headers as Record<string, string> });
    let result: SearchResult | null = null;
    let searchError: string | null = null;
    if (res.ok) result = res.data;
    else if (res.status >= 400 && res.status < 500 && !res.fallback) {
      // Invalid query values: the page shows the no-results message, not the error screen.
      result = { listings: [], owners: [], totalResultCount: 0 };
    } else {
      searchError = (res.data as { error?: string })?.error ?? 'search failed';
      request.log.error({ err: searchError, fallback: res.fallback }, 'base search failed');
    }

    let registry = store.toRegistry();
    const state: FirstLoadState = {
      brand,
      flags: flagsFor(brand),
      signedIn,
      query,
      result,
      searchError,
      registry,
      config: {
        pageSize: config.pageSize,
        remoteTimeoutMs: config.remoteTimeoutMs,
        signInPath: config.signInPath,
        defaultSort: defaultSort(config.defaultSortReading),
        apiBase: '',
      },
    };
    void ctxFor;
    const html = renderPage(state, {
      scripts: searchError ? [] : shellScripts(config.shellDist),
      preloads: remotePreloads(store, registry),
    });
    registry = state.registry;
    reply.header('cache-control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    // The error screen answers 500 to people and 200 to bots.
    return reply.code(searchError && !bot ? 500 : 200).send(html);
  };

  app.get('/cars-for-sale', handler);
  app.get('/cars-for-sale/', handler);
  app.get('/cars-for-sale/all/*', handler);
}
