/**
 * The vehicle page behind every listing link (page-furniture §2 "Other": the vehicle detail page is
 * reached by a base URL plus a click-type parameter; pricing details use the anchor
 * #pricingDetails), and the listings' payment and incentive links, which land on its pricing.
 *
 * - GET /cars-for-sale/vehicle/<id>?clickType=...: the single listing by id, through the route
 *   table ('listingById': its breaker, timeout and fallback). The page itself is the shell's
 *   (FrameModule.renderVehiclePage, shell/src/vehicle-page.tsx): rendered in the isolate of the
 *   shopper's shell version, so it deploys, switches and rolls back with the shell. The gateway
 *   chooses which page and its status; it writes no page of its own.
 * - A listing that is no longer available (the upstream answers 404) redirects (302: the listing
 *   may be listed again; designed, the spec names no status) to the search for its make and model
 *   (the whole search when they are not known), which shows the expired-listing notice
 *   (expired-notice.ts).
 * - An id that cannot be a listing id, or a path under /vehicle/ that is not one id: a 404 page.
 * - The upstream failing (error, timeout, open circuit): a 503 page that says so, never a crash.
 * - The shell's isolate failing to render (an error, its budget, a shell build without the page):
 *   503 in plain text naming the shell version, as the search page answers when its frame fails.
 * - GET /cars-for-sale/payments/<id> and /cars-for-sale/incentives/<id> (a listing's
 *   paymentServices links): 302 to the vehicle page's pricing details.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PRICING_ANCHOR,
  SEARCH_PATH,
  SEARCH_PAGE_PATH,
  VEHICLE_PATH,
  type Listing,
  type Owner,
  type SearchResult,
  type VehiclePageInput,
} from '@cfs/contracts';
import { defaultSort } from '@cfs/search-query';
import type { GatewayConfig } from '../config';
import type { UpstreamClient } from '../proxy/client';
import { brandForHost, flagsFor } from '../brands';
import { safeReturnUrl } from '../security';
import type { RegistryStore } from '../registry/store';
import { shopperOf } from '../registry/canary';
import type { Isolates } from '../ssr/isolates';
import { bookmarkTarget, NO_SHELL } from './routes';
import { expiredVehicleText, setExpiredNotice } from './expired-notice';
import { documentHeaders } from './headers';

/** A listing id as the route table takes ids (letters, digits, '_' and '-'; at most 64). */
export const LISTING_ID = /^[A-Za-z0-9_-]{1,64}$/;
const LOCAL_ORIGIN = 'http://gateway.local';
const SLUG = /^[a-z0-9][a-z0-9_-]{0,40}$/;

/** The vehicle page of a listing id (no click type): what the payment and incentive links lead to. */
export function vehiclePath(id: string): string {
  return `${VEHICLE_PATH}/${encodeURIComponent(id)}`;
}

/**
 * The search page for a make and model (/cars-for-sale/all/{make}/{model}, search-results §2),
 * normalised as every redirect of the page is (bookmarkTarget); the whole search when they are
 * not known or do not fit a path.
 */
export function searchPageFor(
  make: { code?: unknown } | undefined,
  model: { code?: unknown } | undefined,
  brand: string,
  sort?: Parameters<typeof bookmarkTarget>[2],
): string {
  const mk = typeof make?.code === 'string' ? make.code.toLowerCase() : '';
  const md = typeof model?.code === 'string' ? model.code.toLowerCase() : '';
  if (SLUG.test(mk) && SLUG.test(md)) return bookmarkTarget(`${SEARCH_PATH}/all/${mk}/${md}`, brand, sort);
  if (SLUG.test(mk)) return bookmarkTarget(`${SEARCH_PATH}/all/${mk}`, brand, sort);
  return bookmarkTarget(undefined, brand, sort);
}

/** The page the shopper came from when it is one of this site's search pages, else undefined. */
function searchReferer(request: FastifyRequest): string | undefined {
  const ref = request.headers.referer;
  if (typeof ref !== 'string') return undefined;
  let u: URL;
  try {
    u = new URL(ref);
  } catch {
    return undefined;
  }
  if (u.host !== request.headers.host) return undefined;
  if (!SEARCH_PAGE_PATH.test(u.pathname)) return undefined;
  return safeReturnUrl(`${u.pathname}${u.search}`, LOCAL_ORIGIN);
}

export async function vehicleRoutes(
  app: FastifyInstance,
  opts: { config: GatewayConfig; client: UpstreamClient; store: RegistryStore; isolates: Isolates },
) {
  const { config, client, store, isolates } = opts;
  const sort = defaultSort(config.defaultSortReading);

  /** The page the shopper's shell version renders for `input`, answered with `status`. */
  async function page(request: FastifyRequest, reply: FastifyReply, status: number, input: VehiclePageInput) {
    const shell = store.toRegistry(shopperOf(request)).shell?.version;
    if (!shell) return documentHeaders(reply, 'vehicleMessage').code(503).type('text/plain; charset=utf-8').send(NO_SHELL);
    const out = await isolates.vehicle(shell, input);
    if (!out.ok || !('page' in out.reply)) {
      const err = out.ok ? 'no page' : `${out.cause}: ${out.error ?? ''}`;
      request.log.error({ shell, err }, 'the vehicle page could not be rendered');
      return documentHeaders(reply, 'vehicleMessage')
        .code(503)
        .header('retry-after', '30')
        .type('text/plain; charset=utf-8')
        .send(`The vehicle page (shell ${shell}) could not be rendered`);
    }
    return documentHeaders(reply, status === 200 ? 'vehiclePage' : 'vehicleMessage')
      .code(status)
      .type('text/html; charset=utf-8')
      .send(Buffer.from(out.reply.page.buffer, out.reply.page.byteOffset, out.reply.page.byteLength));
  }

  /** The one id of a path under `prefix`, or null when the rest of the path is not exactly one valid id. */
  function idOf(request: FastifyRequest, prefix: string): string | null {
    const path = (request.raw.url ?? '').split('?')[0];
    if (!path.startsWith(`${prefix}/`)) return null;
    const rest = path.slice(prefix.length + 1);
    if (rest.includes('/')) return null;
    let id: string;
    try {
      id = decodeURIComponent(rest);
    } catch {
      return null;
    }
    return LISTING_ID.test(id) ? id : null;
  }

  app.get(`${VEHICLE_PATH}/*`, async (request, reply) => {
    const brand = brandForHost(request.headers.host, config.brandHosts);
    const wholeSearch = bookmarkTarget(undefined, brand, sort);
    const id = idOf(request, VEHICLE_PATH);
    if (!id) return page(request, reply, 404, { kind: 'notFound', backHref: wholeSearch });

    const res = await client.call<SearchResult & { make?: Listing['make']; model?: Listing['model'] }>('listingById', {
      query: { listingId: id },
      headers: request.headers as Record<string, string>,
    });
    const listing = res.ok ? res.data?.listings?.find((l) => l?.id === id) : undefined;
    if (listing) {
      const owner: Owner | undefined = res.data.owners?.find((o) => o?.id === listing.ownerId);
      const backHref = searchReferer(request) ?? searchPageFor(listing.make, listing.model, brand, sort);
      return page(request, reply, 200, { kind: 'vehicle', listing, owner, backHref, payments: flagsFor(brand).payments });
    }
    if (res.status === 404 || (res.ok && !res.fallback)) {
      // No longer available: the search for its make and model, with the expired-listing notice.
      const gone = res.status === 404 ? res.data : undefined;
      setExpiredNotice(reply, request, config, expiredVehicleText(gone?.make, gone?.model));
      request.log.info({ listing: id }, 'listing no longer available: redirected to its search');
      return documentHeaders(reply, 'pageRedirect').redirect(searchPageFor(gone?.make, gone?.model, brand, sort), 302);
    }
    if (res.status >= 400 && res.status < 500 && !res.fallback) {
      // The upstream refused the id: it names no listing.
      return page(request, reply, 404, { kind: 'notFound', backHref: wholeSearch });
    }
    request.log.error({ listing: id, status: res.status, fallback: res.fallback }, 'vehicle page: the listing could not be loaded');
    return page(request, reply.header('retry-after', '30'), 503, { kind: 'unavailable', backHref: wholeSearch });
  });

  // A listing's payment and incentive links land on its vehicle page's pricing details.
  for (const prefix of [`${SEARCH_PATH}/payments`, `${SEARCH_PATH}/incentives`]) {
    app.get(`${prefix}/*`, async (request, reply) => {
      const id = idOf(request, prefix);
      if (!id) {
        const brand = brandForHost(request.headers.host, config.brandHosts);
        return page(request, reply, 404, { kind: 'notFound', backHref: bookmarkTarget(undefined, brand, sort) });
      }
      return documentHeaders(reply, 'pageRedirect').redirect(`${vehiclePath(id)}#${PRICING_ANCHOR}`, 302);
    });
  }
}
