/**
 * The upstream client: axios (keep-alive pools, no redirects, absolute URLs refused, a per-call
 * deadline, the caller's abort honoured), each call of the route table through its own opossum
 * breaker, made once at boot.
 *
 * Breakers: a rolling 10 s window, a volume threshold (5 calls by default) so that a single
 * failure never opens a circuit, 50 % errors open it; 4xx answers are answers (they resolve and
 * count as successes); a caller that goes away is not the upstream's failure (filtered).
 * Fallbacks follow the spec's error catalogue (see fallbackFor).
 */
import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosInstance } from 'axios';
import CircuitBreaker from 'opossum';
import { MESSAGES } from '@cfs/contracts';
import type { GatewayConfig, UpstreamName } from '../config';
import { ROUTES, type RouteSpec } from './route-table';
import { createUndiciAdapter } from './adapter';

/** Calls in the counting window before a circuit may open (a single failure never opens one). */
export const VOLUME_THRESHOLD = 5;
/** How often an open GET circuit retries its last failed request in the background. */
export const PROBE_INTERVAL_MS = 2_000;

/**
 * The breaker's counting window: long enough to hold the volume threshold's worth of calls that
 * each ran to the timeout, so a hung upstream opens the circuit after a few timeouts whatever
 * the traffic (a 10 s window could never hold five 20 s timeouts at low traffic).
 */
export function countingWindowMs(route: Pick<RouteSpec, 'timeoutMs' | 'volumeThreshold'>): number {
  return Math.max(10_000, (route.volumeThreshold ?? VOLUME_THRESHOLD) * route.timeoutMs * 1.5);
}

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

const KEEP_RESPONSE_HEADERS = ['content-type', 'location', 'set-cookie'];

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
  const stopProbes: (() => void)[] = [];

  /**
   * While a GET call's circuit is open, the last request that failed is retried in the background
   * every PROBE_INTERVAL_MS (one at a time, never a shopper's request): the first success closes
   * the circuit, so shoppers stop meeting the fallback within seconds of the upstream's recovery
   * instead of after the whole reset. The reset timer still half-opens it at the latest.
   */
  function probeWhileOpen(breaker: CircuitBreaker, action: (req: CallRequest) => Promise<CallResult>) {
    let last: CallRequest | null = null;
    let timer: NodeJS.Timeout | null = null;
    const remember = (_err: unknown, _latency: number, args: unknown[]) => {
      const req = args?.[0] as CallRequest | undefined;
      if (req) last = { ...req, signal: undefined };
    };
    // A timeout is reported as a failure too.
    breaker.on('failure', remember);
    const stop = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const schedule = () => {
      stop();
      timer = setTimeout(async () => {
        if (!breaker.opened || !last) return stop();
        const ok = await action(last).then(
          () => true,
          () => false,
        );
        if (ok && breaker.opened) breaker.close();
        else if (breaker.opened) schedule();
      }, PROBE_INTERVAL_MS);
      timer.unref();
    };
    breaker.on('open', schedule);
    breaker.on('close', stop);
    breaker.on('halfOpen', stop);
    breaker.on('shutdown', stop);
    stopProbes.push(stop);
  }

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
    const breaker = new CircuitBreaker(action, {
      name: route.name,
      group: route.upstream,
      timeout: route.timeoutMs,
      resetTimeout: route.resetMs,
      // A single failure does not open a circuit.
      volumeThreshold: route.volumeThreshold ?? VOLUME_THRESHOLD,
      errorThresholdPercentage: 50,
      rollingCountTimeout: countingWindowMs(route),
      rollingCountBuckets: 10,
      // The caller going away is not the upstream's failure.
      errorFilter: (err: unknown) => axios.isCancel(err),
    });
    breaker.fallback((_req: CallRequest, err?: Error) => fallbackFor(route, err));
    breaker.on('close', () => freshWindow(breaker));
    if ((route.upstreamMethod ?? route.method) === 'GET') probeWhileOpen(breaker, action);
    breakers.set(route.name, breaker);
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
      const breaker = breakers.get(name);
      if (!breaker) throw new Error(`no upstream route named ${name}`);
      try {
        if (!breaker.opened) return (await breaker.fire(req)) as CallResult<T>;
        // Open: opossum refuses the call with a new Error and answers the fallback. Nobody reads
        // that error's stack, and capturing it was most of the cost of an answer while open.
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        let answer: Promise<unknown>;
        try {
          answer = breaker.fire(req);
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
      for (const stop of stopProbes) stop();
      for (const b of breakers.values()) b.shutdown();
      httpAgent.destroy();
      httpsAgent.destroy();
      await undici?.close();
    },
  };
}

/**
 * A circuit that closes starts counting afresh. opossum's window still holds the calls of the
 * open period, each refused call counted as a 'fire': right after closing, ten failures in a row
 * among a hundred calls refused a moment earlier were a 10 % error rate, and the circuit stayed
 * closed while every call failed. The buckets are the status window's own objects (a public
 * getter); they are emptied in place.
 */
export function freshWindow(breaker: CircuitBreaker): void {
  for (const bucket of breaker.status.window as unknown as Record<string, unknown>[]) {
    for (const [k, v] of Object.entries(bucket)) {
      if (typeof v === 'number') bucket[k] = 0;
      else if (Array.isArray(v)) v.length = 0;
    }
  }
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
