/**
 * The test-only fault switch: off by default, reachable only from loopback. It makes a chosen
 * call slow, fail with a status, hang, or refuse connections, so tests can drive the breakers.
 *   PUT /__faults/:call  { latencyMs?, status?, hang?, refuse?, times? }
 *   PUT /__faults/service/:service  the same fault on every call of one emulated service
 *   DELETE /__faults     clears every fault;  GET /__faults lists them
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface Fault {
  latencyMs?: number;
  status?: number;
  hang?: boolean;
  refuse?: boolean;
  /** How many calls it applies to; unlimited when absent. */
  times?: number;
}

/** Short names of the calls, by route (method + path pattern). */
export const CALL_NAMES: Record<string, string> = {
  'GET /rest/lsc/listing': 'listingSearch',
  'GET /rest/lsc/listing/count': 'listingCount',
  'GET /rest/lsc/listing/relaxations': 'filterRelaxations',
  'GET /rest/lsc/listing/spotlight/premiumresults': 'premiumSpotlight',
  'GET /rest/lsc/listing/spotlight/results': 'spotlightResults',
  'GET /rest/lsc/listing/vehiclehighlights': 'vehicleHighlights',
  'GET /rest/lsc/listing/boost': 'boostListings',
  'GET /rest/lsc/crawl/stats/mileage': 'mileageStats',
  'GET /rest/lsc/crawl/modelyears': 'modelYears',
  'GET /rest/lsc/crawl/newmodelyears': 'newModelYears',
  'GET /rest/lsc/crawl/trims': 'trims',
  'GET /rest/lsc/crawl/newtrims': 'newTrims',
  'GET /rest/lsc/modelinfo/ymm': 'modelInfo',
  'GET /rest/lsc/reference': 'referenceLookup',
  'GET /cars-for-sale/searchoptions/packages': 'packages',
  'GET /cars-for-sale/svc/listing-view-count': 'viewCount',
  'GET /rest/research/pricing': 'modelPricing',
  'GET /rest/research/reference-vehicles': 'referenceVehicles',
  'GET /rest/research/consumer-ratings': 'consumerRatings',
  'GET /rest/research/safety': 'safety',
  'GET /content/expert-reviews/:year/:make/:model/:trim': 'expertReviews',
  'GET /content/articles': 'articles',
  'GET /content/dealer-difference/:file': 'dealerDiff',
  'GET /content/payments/make-offer.js': 'paymentsScript',
  'GET /content/certified': 'certifiedContent',
  'GET /content/certified/program/:productId': 'certifiedProgram',
  'GET /content/ads': 'adCreative',
  'GET /content/ads/:file': 'adImage',
  'POST /eligibility/verify': 'eligibility',
  'GET /geo/zip/:zip': 'zipValidation',
  'GET /account-api/token': 'tokenLookup',
  'GET /account-api/searchbookmarks': 'searchBookmarks',
  'POST /account-api/search': 'recordSearch',
  'GET /account-api/searchbookmarks/share-bookmark/:bookmarkId': 'shareBookmark',
  'GET /account-api/savedsearches': 'savedSearchList',
  'POST /account-api/savedsearches': 'savedSearches',
  'POST /account-api/email-subscriptions': 'emailSubscribe',
  'GET /account-api/lead-profile': 'leadProfile',
  'PUT /account-api/lead-profile': 'leadProfileUpdate',
  'POST /account-api/leads': 'emailDealer',
  'POST /account-api/leads/one-click': 'oneClickEmail',
  'GET /account-api/saved-listings': 'savedListings',
  'POST /account-api/saved-listings': 'saveListing',
  'POST /account-api/report-listing': 'reportListing',
  'POST /account-api/still-interested': 'stillInterested',
  'GET /account-api/browsing-history': 'browsingHistory',
  'POST /cars-for-sale/consumer-device/browser': 'consumerDevice',
  'POST /account-api/page-events': 'pageEvents',
  'GET /images/listing/:file': 'listingImage',
};

export const FAULT_CALLS = [...new Set(Object.values(CALL_NAMES))];

/** The services this upstream emulates (the gateway's upstream names). */
export const SERVICES = ['listing', 'account', 'content', 'reference', 'eligibility', 'geo'] as const;
export type Service = (typeof SERVICES)[number];

/** Which emulated service answers a route, by its path. */
export function serviceOf(route: string): Service {
  const path = route.slice(route.indexOf(' ') + 1);
  if (/^\/(rest\/lsc\/listing|cars-for-sale\/svc\/listing-view-count)/.test(path)) return 'listing';
  if (/^\/(account-api|cars-for-sale\/consumer-device)/.test(path)) return 'account';
  if (path.startsWith('/content/') || path.startsWith('/images/')) return 'content';
  if (path.startsWith('/eligibility/')) return 'eligibility';
  if (path.startsWith('/geo/')) return 'geo';
  return 'reference';
}

/** The calls of each emulated service. */
export const SERVICE_CALLS: Record<Service, string[]> = Object.fromEntries(
  SERVICES.map((svc) => [
    svc,
    [
      ...new Set(
        Object.entries(CALL_NAMES)
          .filter(([route]) => serviceOf(route) === svc)
          .map(([, name]) => name),
      ),
    ],
  ]),
) as Record<Service, string[]>;

export function isLoopback(request: FastifyRequest): boolean {
  const a = request.socket.remoteAddress ?? '';
  return a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.');
}

/** Installed on the root app (not as an encapsulated plugin) so its hook sees every route. */
export function installFaults(app: FastifyInstance): void {
  const faults = new Map<string, Fault>();

  app.addHook('onRequest', async (request, reply) => {
    if (!faults.size) return;
    const key = `${request.method} ${request.routeOptions.url ?? ''}`;
    const name = CALL_NAMES[key];
    const fault = name ? faults.get(name) : undefined;
    if (!fault) return;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) faults.delete(name!);
    }
    if (fault.refuse) {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (fault.hang) {
      // Never answer; the socket is closed when the client gives up or the server closes.
      reply.hijack();
      return;
    }
    if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
    if (fault.status) return reply.code(fault.status).send({ error: `fault injected for ${name}` });
  });

  app.get('/__faults', async (request, reply) => {
    if (!isLoopback(request)) return reply.code(403).send({ error: 'the fault switch answers loopback only' });
    return { faults: Object.fromEntries(faults), calls: FAULT_CALLS, services: SERVICE_CALLS };
  });

  const faultBody = {
    type: 'object',
    additionalProperties: false,
    properties: {
      latencyMs: { type: 'integer', minimum: 0, maximum: 600000 },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      hang: { type: 'boolean' },
      refuse: { type: 'boolean' },
      times: { type: 'integer', minimum: 1 },
    },
  };

  app.put<{ Params: { service: string }; Body: Fault }>(
    '/__faults/service/:service',
    { schema: { body: faultBody } },
    async (request, reply) => {
      if (!isLoopback(request)) return reply.code(403).send({ error: 'the fault switch answers loopback only' });
      const calls = SERVICE_CALLS[request.params.service as Service];
      if (!calls) return reply.code(400).send({ error: `unknown service '${request.params.service}'; one of ${SERVICES.join(', ')}` });
      for (const call of calls) faults.set(call, { ...request.body });
      return { service: request.params.service, calls, fault: request.body };
    },
  );

  app.put<{ Params: { call: string }; Body: Fault }>('/__faults/:call', { schema: { body: faultBody } }, async (request, reply) => {
    if (!isLoopback(request)) return reply.code(403).send({ error: 'the fault switch answers loopback only' });
    if (!FAULT_CALLS.includes(request.params.call)) {
      return reply.code(400).send({ error: `unknown call '${request.params.call}'; one of ${FAULT_CALLS.join(', ')}` });
    }
    faults.set(request.params.call, { ...request.body });
    return { call: request.params.call, fault: request.body };
  });

  app.delete('/__faults', async (request, reply) => {
    if (!isLoopback(request)) return reply.code(403).send({ error: 'the fault switch answers loopback only' });
    faults.clear();
    return { cleared: true };
  });
}
