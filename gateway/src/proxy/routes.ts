/**
 * Exposes every browser-facing entry of the route table at its path, through the upstream client:
 * the request schema of the entry (bad values: 400, never 5xx), the search normalisation for
 * entries that carry search values, the identity token for account entries, the write gate
 * (security.ts writeGuard) for POST/PUT/DELETE, and the answer passed through as bytes unless the entry transforms it
 * (dealer difference content is sanitised).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AjvCompiler } from '@fastify/ajv-compiler';
import Router from 'find-my-way';
import type { GatewayConfig } from '../config';
import { signalOf, type UpstreamClient, type CallRequest, type CallResult } from './client';
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { RouteSpec } from './route-table';
import { searchParamsFor } from '../search';
import { FALLBACK_HEADER, IDENTITY_UNKNOWN } from '@cfs/contracts';
import { TokenCache, identityHeadersOf, identityOf } from '../session';
import { sanitizeDealerDiff, sanitizeDealerHtml } from './sanitize';
import { jsonText } from '../json-text';

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

function rawQuery(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? '' : url.slice(i + 1);
}

/** What a call of an entry is made from: the request as the route read it (its query and params schema-checked). */
export interface CallInput {
  /** The query string as sent (search values are normalised from it). */
  rawQuery: string;
  /** The schema-checked query values. */
  query: Record<string, unknown>;
  params: Record<string, string>;
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  signal?: () => AbortSignal;
}

export function buildCall(route: RouteSpec, input: CallInput, brand: string): CallRequest {
  const qs = input.rawQuery;
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
    params: input.params,
    // The schema-checked (and typed) query values, when the upstream takes them as a JSON body.
    body: route.bodyFromQuery ? { ...input.query } : input.body,
    headers: input.headers,
    // A function, not a getter: an object literal with an accessor gets its own hidden class in
    // old space, which kept every request's objects alive across minor GCs (5 ms pauses).
    signal: input.signal,
    raw: !route.transform,
  };
}

/** The schema of a group of entries sharing one path: the base entry's, with the variants' keys added. */
function groupSchema(group: RouteSpec[]): RouteSpec['schema'] {
  const base = group[group.length - 1].schema ?? {};
  if (group.length === 1) return base;
  const props: TProperties = {};
  for (const r of group) Object.assign(props, (r.schema?.querystring as TObject | undefined)?.properties ?? {});
  // Variants are chosen by a key; their required keys are required only for them.
  return { ...base, querystring: Type.Partial({ ...(base.querystring as TObject), properties: props }) };
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

/** An entry's answer to the caller: status, headers and body (the upstream's bytes, or JSON). */
interface Answer {
  status: number;
  type: string;
  headers: Record<string, string>;
  body: string | Buffer;
}

function answerOf(route: RouteSpec, result: CallResult): Answer {
  const headers: Record<string, string> = {
    'cache-control': result.ok && !result.fallback && route.cacheControl ? route.cacheControl : 'no-store',
  };
  if (result.fallback) headers[FALLBACK_HEADER] = result.fallback;
  if (route.transform === 'dealerDiff' && result.ok && !result.fallback) return { status: result.status, headers, ...sanitized(result) };
  const ct = result.headers?.['content-type'];
  if (Buffer.isBuffer(result.data)) {
    return { status: result.status, headers, type: typeof ct === 'string' ? ct : 'application/json; charset=utf-8', body: result.data };
  }
  const body = result.data === undefined ? 'null' : JSON.stringify(result.data);
  return { status: result.status, headers, type: 'application/json; charset=utf-8', body };
}

function send(reply: FastifyReply, answer: Answer) {
  for (const [k, v] of Object.entries(answer.headers)) reply.header(k, v);
  return reply.code(answer.status).type(answer.type).send(answer.body);
}

/**
 * GETs of the route table answered within the gateway, for its own pages' server renders: the
 * very entry, schema (Fastify's compiler and defaults, so values are checked and coerced as the
 * route checks them), search normalisation, breaker and fallback the browser's call of that URL
 * meets, without the cost of a request through the HTTP layer (an injected request cost about as
 * much as the upstream call itself, and a page makes some twenty). Entries that look up the
 * signed-in identity are not answered here: `get` gives null, and the caller asks the route.
 */
type Answerer = (
  raw: { query: string; parsed: Record<string, unknown> },
  params: Record<string, string>,
  headers: Record<string, string>,
) => Promise<Answer>;

const JSON_TYPE = /[/+]json(?:;|$)/i;

export class InProcessGets {
  /** The proxy routes' GET paths, matched as Fastify's own router matches them (find-my-way); each holds its answerer. */
  private readonly router = Router();

  /**
   * The answer, or null when the URL is not such an entry (the caller asks the route then). A
   * JSON answer's text is read the fast way (json-text.ts): the same value once parsed, which is
   * all a region does with it.
   */
  get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> | null {
    const found = this.router.find('GET', url);
    if (!found) return null;
    const answer = found.store as Answerer;
    const i = url.indexOf('?');
    const raw = { query: i === -1 ? '' : url.slice(i + 1), parsed: { ...(found.searchParams as Record<string, unknown>) } };
    return answer(raw, { ...(found.params as Record<string, string>) }, headers).then((a) => ({
      status: a.status,
      body: typeof a.body === 'string' ? a.body : JSON_TYPE.test(a.type) ? jsonText(a.body) : a.body.toString('utf8'),
    }));
  }

  /** proxyRoutes: a route's answerer, at its path. */
  add(path: string, answer: Answerer) {
    this.router.on('GET', path, () => undefined, answer);
  }
}

export async function proxyRoutes(
  app: FastifyInstance,
  opts: {
    client: UpstreamClient;
    config: GatewayConfig;
    /** The brand of a request, by its headers (the host). */
    brandOf: (headers: Record<string, string | string[] | undefined>) => string;
    inProcess?: InProcessGets;
  },
) {
  const { client, config } = opts;
  const tokens = new TokenCache();
  const groups = new Map<string, RouteSpec[]>();
  for (const route of client.routes) {
    if (!route.path) continue;
    const key = `${route.method} ${route.path}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  // Fastify's own validator compiler, with its defaults: what the routes check, the in-process GETs check.
  const compile = AjvCompiler()({}, { customOptions: {} });
  for (const group of groups.values()) {
    // Variants (chosen by a query key) first, the base entry last.
    group.sort((a, b) => Number(!a.when) - Number(!b.when));
    const first = group[0];
    const write = first.method !== 'GET';
    const schema = groupSchema(group);
    const querySchema = schema?.querystring ?? { type: 'object' };

    /** The entry's answer to a request whose query and params passed the route's schema. */
    const respond = async (input: CallInput, request?: FastifyRequest): Promise<Answer> => {
      const q = input.query;
      const route = group.find((r) => !r.when || (q && r.when.has.some((k) => q[k] !== undefined)))!;
      // An open circuit answers its fallback at once: nothing of the request is prepared for a
      // call that will not be made (the search normalisation was most of that answer's cost).
      if (client.breakers.get(route.name)!.opened && !route.identity) return answerOf(route, await client.call(route.name, {}));
      const call = buildCall(route, input, opts.brandOf(input.headers));
      let unknown = false;
      if (route.identity) {
        if (!request) throw new Error(`${route.name} needs the request's identity`);
        // The lookup and the call share the route's time: never the lookup's timeout plus the call's.
        call.deadline = Date.now() + route.timeoutMs;
        const identity = await identityOf(client, request, config, { signal: signalOf(call), deadline: call.deadline, tokens });
        call.extraHeaders = identityHeadersOf(identity);
        unknown = identity.state === 'unknown';
      }
      const answer = answerOf(route, await client.call(route.name, call));
      // A lookup that could not answer yields no token and the call proceeds (search-results §8),
      // as for a signed-out shopper; the answer says so, so that the page never reads it as the
      // shopper's own.
      if (unknown) Object.assign(answer.headers, { 'cache-control': 'no-store', [FALLBACK_HEADER]: IDENTITY_UNKNOWN });
      return answer;
    };

    const handler = async (request: FastifyRequest, reply: FastifyReply) =>
      send(
        reply,
        await respond(
          {
            rawQuery: rawQuery(request.raw.url ?? ''),
            query: request.query as Record<string, unknown>,
            params: request.params as Record<string, string>,
            body: request.body,
            headers: request.headers,
            signal: lazyAbortSignal(reply),
          },
          request,
        ),
      );
    app.route({
      method: first.method,
      url: first.path!,
      schema: {
        querystring: querySchema,
        ...(schema?.params ? { params: schema.params } : {}),
        ...(schema?.body ? { body: schema.body } : {}),
      },
      // Writes pass the one write gate (security.ts writeGuard): rate limit, cross-site, content type.
      config: write
        ? { write: group.find((r) => r.writeBody)?.writeBody ?? 'json', writeLimit: group.find((r) => r.writeLimit)?.writeLimit }
        : {},
      bodyLimit: group.find((r) => r.bodyLimit)?.bodyLimit ?? 64 * 1024,
      handler,
    });

    if (opts.inProcess && !write && !group.some((r) => r.identity)) {
      const checkQuery = compile({ schema: querySchema, method: 'GET', url: first.path!, httpPart: 'querystring' });
      const checkParams = schema?.params ? compile({ schema: schema.params, method: 'GET', url: first.path!, httpPart: 'params' }) : null;
      opts.inProcess.add(first.path!, async (raw, params, headers) => {
        const query = raw.parsed;
        if (!checkQuery(query) || (checkParams && !checkParams(params))) {
          return {
            status: 400,
            headers: {},
            type: 'application/json; charset=utf-8',
            body: '{"error":"Invalid request","statusCode":400}',
          };
        }
        return respond({ rawQuery: raw.query, query, params, headers });
      });
    }
  }
}
