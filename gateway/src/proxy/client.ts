/**
 * The upstream client: axios (keep-alive pools, no redirects, absolute URLs refused, a per-call
 * deadline, the caller's abort honoured), each call of the route table through its own opossum
 * breaker, made once at boot.
 *
 * Breakers (breaker.ts): a volume threshold (5 calls by default) so that a single failure never
 * opens a circuit, 50 % errors or slow calls open it, a call still running at its slow-call
 * threshold counts as failing, opening answers the calls waiting, probes close it within seconds
 * of recovery; 4xx answers are answers (they resolve and count as successes); a caller that goes
 * away is not the upstream's failure (filtered). Fallbacks follow the spec's error catalogue (see
 * fallbackFor).
 */
import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosInstance } from 'axios';
import type CircuitBreaker from 'opossum';
import { MESSAGES } from '@cfs/contracts';
import type { GatewayConfig, UpstreamName } from '../config';
import { ROUTES, type RouteSpec } from './route-table';
import { createUndiciAdapter } from './adapter';
import { createRouteBreaker, type RouteBreaker } from './breaker';

export interface CallRequest {
  /** A ready query string (no '?'), URLSearchParams, or a plain object. */
  query?: string | Record<string, unknown> | URLSearchParams;
  params?: Record<string, string>;
  body?: unknown;
  /** Headers of the browser request: only PASS_HEADERS go on, plus the route's own. */
  headers?: Record<string, string | string[] | undefined>;
  /** Headers the gateway itself adds (identity token): passed as they are. */
  extraHeaders?: Record<string, string>;
  /** The caller's abort: a signal, or a function making it when the call reaches the upstream. */
  signal?: AbortSignal | (() => AbortSignal);
  /** Answer the upstream's bytes (a Buffer) instead of parsed JSON: the proxy passes them through. */
  raw?: boolean;
  /**
   * When the caller's whole answer is due (ms since epoch): the call's own deadline is the sooner
   * of this and the route's timeout (an account call and its identity lookup share one budget).
   */
  deadline?: number;
}

export type FallbackKind = 'open' | 'timeout' | 'error' | 'empty' | 'aborted';

export interface CallResult<T = unknown> {
  ok: boolean;
  status: number;
  data: T;
  /** Set when the answer is the route's fallback rather than the upstream's. */
  fallback?: FallbackKind;
  /** content-type, and for the sign-in page location and set-cookie. */
  headers?: Record<string, string | string[]>;
}

export interface ClientOptions {
  routes?: RouteSpec[];
  /** 'undici' (default): axios over undici pools; 'node': axios's own http adapter over keep-alive agents. */
  adapter?: 'undici' | 'node';
}

export interface UpstreamClient {
  call<T = unknown>(name: string, req?: CallRequest): Promise<CallResult<T>>;
  breakers: Map<string, CircuitBreaker>;
  routes: RouteSpec[];
  route(name: string): RouteSpec;
  adapter: 'undici' | 'node';
  close(): Promise<void>;
}

export class UpstreamServerError extends Error {
  readonly code = 'EUPSTREAM5XX';
  constructor(readonly status: number) {
    super(`upstream answered ${status}`);
  }
}

/** Fills `:param` segments; each value is one encoded path segment (no '/', no '..'). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => {
    const v = params[k] ?? '';
    if (v === '.' || v === '..') return '_';
    return encodeURIComponent(v);
  });
}

/** Browser headers that may reach an upstream (the upstream checks x-anonymous-id's shape). Cookies and identity headers never do. */
export const PASS_HEADERS = new Set(['accept', 'accept-language', 'user-agent', 'x-anonymous-id']);

function passHeaders(req: CallRequest, route: RouteSpec): Record<string, string> {
  const out: Record<string, string> = {};
  if (req.headers) {
    for (const [k, v] of Object.entries(req.headers)) {
      const key = k.toLowerCase();
      if (v !== undefined && PASS_HEADERS.has(key)) out[key] = Array.isArray(v) ? v.join(', ') : v;
    }
  }
  if (route.upstreamHeaders) Object.assign(out, route.upstreamHeaders);
  if (req.extraHeaders) Object.assign(out, req.extraHeaders);
  return out;
}

// content-security-policy: the sign-in page keeps the upstream's policy beside the gateway's (signin.ts).
const KEEP_RESPONSE_HEADERS = ['content-type', 'location', 'set-cookie', 'content-security-policy'];

export function createUpstreamClient(config: Pick<GatewayConfig, 'upstreams'>, opts: ClientOptions = {}): UpstreamClient {
  const routes = opts.routes ?? ROUTES;
  const kind = opts.adapter ?? 'undici';
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 128, keepAliveMsecs: 1000 });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 128 });
  const undici = kind === 'undici' ? createUndiciAdapter({ connections: 128 }) : null;
  const clients = new Map<UpstreamName, AxiosInstance>();
  for (const [name, baseURL] of Object.entries(config.upstreams) as [UpstreamName, string][]) {
    const instance = axios.create({
      baseURL,
      adapter: undici ? undici.adapter : 'http',
      ...(undici ? {} : { httpAgent, httpsAgent }),
      maxRedirects: 0,
      allowAbsoluteUrls: false,
      validateStatus: () => true,
      proxy: false,
      maxContentLength: 32 * 1024 * 1024,
      transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
    });
    // One Accept for every call (instead of axios's per-method header buckets merged on each call).
    instance.defaults.headers = {
      common: { Accept: 'application/json, text/html;q=0.9, */*;q=0.1' },
    } as unknown as typeof instance.defaults.headers;
    clients.set(name, instance);
  }

  const breakers = new Map<string, CircuitBreaker>();
  const circuits = new Map<string, RouteBreaker<CallRequest, CallResult>>();

  for (const route of routes) {
    const client = clients.get(route.upstream);
    if (!client) throw new Error(`route ${route.name}: no base URL for upstream ${route.upstream}`);
    const action = async (req: CallRequest): Promise<CallResult> => {
      const path = fillPath(route.upstreamPath, req.params);
      const qs = typeof req.query === 'string' ? req.query : null;
      const res = await client.request({
        method: route.upstreamMethod ?? route.method,
        url: qs && !route.bodyFromQuery ? `${path}?${qs}` : path,
        params: qs === null && !route.bodyFromQuery ? req.query : undefined,
        data: req.body,
        headers: passHeaders(req, route),
        timeout: req.deadline ? Math.max(1, Math.min(route.timeoutMs, req.deadline - Date.now())) : route.timeoutMs,
        signal: signalOf(req),
        responseType: req.raw ? 'arraybuffer' : route.responseType === 'text' ? 'text' : 'json',
      });
      // 5xx counts as a failure of the upstream; 4xx is the caller's problem and does not.
      if (res.status >= 500) throw new UpstreamServerError(res.status);
      const headers: Record<string, string | string[]> = {};
      for (const h of KEEP_RESPONSE_HEADERS) {
        const v = res.headers[h] as string | string[] | undefined;
        if (v !== undefined && v !== null) headers[h] = v;
      }
      if (route.fallback.onStatus?.includes(res.status)) {
        return { ok: true, status: 200, data: route.fallback.value, fallback: 'empty' };
      }
      return { ok: res.status < 400, status: res.status, data: res.data, headers };
    };
    const circuit = createRouteBreaker<CallRequest, CallResult>(route, action, {
      fallback: (_req, err) => fallbackFor(route, err),
      isCancel: (err) => axios.isCancel(err),
      probe: (route.upstreamMethod ?? route.method) === 'GET',
    });
    circuits.set(route.name, circuit);
    breakers.set(route.name, circuit.breaker);
  }

  return {
    breakers,
    routes,
    adapter: kind,
    route(name: string) {
      const r = routes.find((x) => x.name === name);
      if (!r) throw new Error(`no upstream route named ${name}`);
      return r;
    },
    async call<T>(name: string, req: CallRequest = {}) {
      const circuit = circuits.get(name);
      if (!circuit) throw new Error(`no upstream route named ${name}`);
      const breaker = circuit.breaker;
      try {
        if (!breaker.opened) return (await circuit.fire(req)) as CallResult<T>;
        // Open: opossum refuses the call with a new Error and answers the fallback. Nobody reads
        // that error's stack, and capturing it was most of the cost of an answer while open.
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        let answer: Promise<unknown>;
        try {
          answer = circuit.fire(req);
        } finally {
          Error.stackTraceLimit = limit;
        }
        return (await answer) as CallResult<T>;
      } catch {
        // Only a filtered error (the caller aborted) rejects: nobody is waiting for an answer.
        return { ok: false, status: 499, data: { error: `${name} aborted by the caller` } as T, fallback: 'aborted' };
      }
    },
    async close() {
      for (const c of circuits.values()) c.shutdown();
      httpAgent.destroy();
      httpsAgent.destroy();
      await undici?.close();
    },
  };
}

export function signalOf(req: CallRequest): AbortSignal | undefined {
  return typeof req.signal === 'function' ? req.signal() : req.signal;
}

/** Classifies a breaker error: open circuit, timeout (breaker's or the axios deadline), or other. */
export function failureKind(err?: Error): 'open' | 'timeout' | 'error' {
  const code = (err as { code?: string } | undefined)?.code;
  if (code === 'EOPENBREAKER') return 'open';
  if (code === 'ETIMEDOUT' || code === 'ECONNABORTED') return 'timeout';
  return 'error';
}

/**
 * The spec's error catalogue, applied per route:
 * - 'Circuit Breaker for <name> is open' only while the circuit is open (the call was refused);
 * - 'Request timed out' when the call ran out of time;
 * - otherwise '<name> failed: ...'.
 * A 'value' fallback answers 200 with its value (the `whenOpen` value while the circuit is open);
 * an 'error' fallback answers the breaker's error object with 503 (open), 504 (timeout) or 502.
 */
export function fallbackFor(route: RouteSpec, err?: Error): CallResult {
  const kind = failureKind(err);
  const message =
    kind === 'open'
      ? MESSAGES.breakerOpen(route.name)
      : kind === 'timeout'
        ? MESSAGES.requestTimedOut
        : err instanceof UpstreamServerError
          ? `${route.name} failed: upstream answered ${err.status}`
          : `${route.name} failed: ${(err as { code?: string })?.code ?? err?.message ?? 'unknown error'}`;
  if (route.fallback.kind === 'value') {
    const value = kind === 'open' && 'whenOpen' in route.fallback ? route.fallback.whenOpen : route.fallback.value;
    return { ok: true, status: 200, data: value, fallback: kind };
  }
  return { ok: false, status: kind === 'open' ? 503 : kind === 'timeout' ? 504 : 502, data: { error: message }, fallback: kind };
}
