/**
 * Exposes every browser-facing entry of the route table at its path, through the upstream client:
 * the request schema of the entry (bad values: 400, never 5xx), the search normalisation for
 * entries that carry search values, the identity token for account entries, the write gate
 * (security.ts writeGuard) for POST/PUT/DELETE, and the answer passed through as bytes unless the entry transforms it
 * (dealer difference content is sanitised).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { signalOf, type UpstreamClient, type CallRequest, type CallResult } from './client';
import type { JsonSchema, RouteSpec } from './route-table';
import { searchParamsFor } from '../search';
import { ACCOUNT_UNAVAILABLE, TokenCache, identityHeadersOf, identityOf } from '../session';
import { sanitizeDealerDiff, sanitizeDealerHtml } from './sanitize';

/**
 * An AbortSignal aborted when the connection closes before the answer was sent (the caller went
 * away), made only when a call actually reaches the upstream (not while a circuit is open).
 */
export function lazyAbortSignal(reply: FastifyReply): () => AbortSignal {
  let signal: AbortSignal | undefined;
  return () => {
    if (!signal) {
      const ctrl = new AbortController();
      const res = reply.raw;
      if (res.destroyed && !res.writableFinished) ctrl.abort();
      else
        res.once('close', () => {
          if (!res.writableFinished) ctrl.abort();
        });
      signal = ctrl.signal;
    }
    return signal;
  };
}

function rawQuery(request: FastifyRequest): string {
  const raw = request.raw.url ?? '';
  const i = raw.indexOf('?');
  return i === -1 ? '' : raw.slice(i + 1);
}

export function buildCall(route: RouteSpec, request: FastifyRequest, reply: FastifyReply, brand: string): CallRequest {
  const qs = rawQuery(request);
  let query: string | URLSearchParams;
  if (route.searchQuery) {
    query = searchParamsFor(qs, brand, route.passKeys);
  } else {
    // Only the keys the schema names are passed on.
    const allowed = Object.keys((route.schema?.querystring?.properties as Record<string, unknown> | undefined) ?? {});
    const raw = new URLSearchParams(qs);
    query = new URLSearchParams();
    for (const k of allowed) for (const v of raw.getAll(k)) query.append(k, v);
  }
  return {
    query,
    params: request.params as Record<string, string>,
    // The schema-checked (and typed) query values, when the upstream takes them as a JSON body.
    body: route.bodyFromQuery ? { ...(request.query as Record<string, unknown>) } : request.body,
    headers: request.headers as Record<string, string>,
    // A function, not a getter: an object literal with an accessor gets its own hidden class in
    // old space, which kept every request's objects alive across minor GCs (5 ms pauses).
    signal: lazyAbortSignal(reply),
    raw: !route.transform,
  };
}

/** The schema of a group of entries sharing one path: the base entry's, with the variants' keys added. */
function groupSchema(group: RouteSpec[]): RouteSpec['schema'] {
  const base = group[group.length - 1].schema ?? {};
  if (group.length === 1) return base;
  const props: Record<string, JsonSchema> = {};
  for (const r of group) Object.assign(props, (r.schema?.querystring?.properties as Record<string, JsonSchema>) ?? {});
  // Variants are chosen by a key; their required keys are required only for them.
  return { ...base, querystring: { ...(base.querystring ?? {}), properties: props, required: undefined } };
}

/** Dealer difference content: JSON has its htmlContent and links checked, HTML is sanitised whole. */
function sanitized(result: CallResult): { type: string; body: string } {
  const ct = String(result.headers?.['content-type'] ?? '');
  const text = Buffer.isBuffer(result.data)
    ? result.data.toString('utf8')
    : typeof result.data === 'string'
      ? result.data
      : JSON.stringify(result.data);
  if (ct.includes('html')) return { type: 'text/html; charset=utf-8', body: sanitizeDealerHtml(text) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { type: 'text/html; charset=utf-8', body: sanitizeDealerHtml(text) };
  }
  return { type: 'application/json; charset=utf-8', body: JSON.stringify(sanitizeDealerDiff(parsed)) };
}

function send(reply: FastifyReply, route: RouteSpec, result: CallResult) {
  if (result.fallback) reply.header('x-fallback', result.fallback);
  reply.header('cache-control', result.ok && !result.fallback && route.cacheControl ? route.cacheControl : 'no-store');
  if (route.transform === 'dealerDiff' && result.ok && !result.fallback) {
    const { type, body } = sanitized(result);
    return reply.code(result.status).type(type).send(body);
  }
  let data = result.data;
  const ct = result.headers?.['content-type'];
  if (Buffer.isBuffer(data)) {
    reply.type(typeof ct === 'string' ? ct : 'application/json; charset=utf-8');
  } else {
    reply.type('application/json; charset=utf-8');
    data = data === undefined ? 'null' : JSON.stringify(data);
  }
  return reply.code(result.status).send(data);
}

export async function proxyRoutes(
  app: FastifyInstance,
  opts: { client: UpstreamClient; config: GatewayConfig; brandOf: (r: FastifyRequest) => string },
) {
  const { client, config } = opts;
  const tokens = new TokenCache();
  const groups = new Map<string, RouteSpec[]>();
  for (const route of client.routes) {
    if (!route.path) continue;
    const key = `${route.method} ${route.path}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  for (const group of groups.values()) {
    // Variants (chosen by a query key) first, the base entry last.
    group.sort((a, b) => Number(!a.when) - Number(!b.when));
    const first = group[0];
    const write = first.method !== 'GET';
    const schema = groupSchema(group);
    app.route({
      method: first.method,
      url: first.path!,
      schema: {
        querystring: schema?.querystring ?? { type: 'object' },
        ...(schema?.params ? { params: schema.params } : {}),
        ...(schema?.body ? { body: schema.body } : {}),
      },
      // Writes pass the one write gate (security.ts writeGuard): rate limit, cross-site, content type.
      config: write
        ? { write: group.find((r) => r.writeBody)?.writeBody ?? 'json', writeLimit: group.find((r) => r.writeLimit)?.writeLimit }
        : {},
      bodyLimit: 64 * 1024,
      handler: async (request, reply) => {
        const q = request.query as Record<string, unknown>;
        const route = group.find((r) => !r.when || (q && r.when.has.some((k) => q[k] !== undefined)))!;
        // An open circuit answers its fallback at once: nothing of the request is prepared for a
        // call that will not be made (the search normalisation was most of that answer's cost).
        if (client.breakers.get(route.name)!.opened && !route.identity) return send(reply, route, await client.call(route.name, {}));
        const call = buildCall(route, request, reply, opts.brandOf(request));
        if (route.identity) {
          // The lookup and the call share the route's time: never the lookup's timeout plus the call's.
          call.deadline = Date.now() + route.timeoutMs;
          const identity = await identityOf(client, request, config, { signal: signalOf(call), deadline: call.deadline, tokens });
          if (identity.state === 'unknown') {
            // Signed in, but who could not be checked: say so, rather than answer as if signed out.
            return reply
              .code(503)
              .header('cache-control', 'no-store')
              .header('x-fallback', 'identity')
              .type('application/json; charset=utf-8')
              .send({ error: ACCOUNT_UNAVAILABLE, statusCode: 503 });
          }
          call.extraHeaders = identityHeadersOf(identity);
        }
        const result = await client.call(route.name, call);
        return send(reply, route, result);
      },
    });
  }
}
