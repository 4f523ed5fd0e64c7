/**
 * The upstream client: axios over keep-alive agents (no redirects, absolute URLs refused, a
 * per-call deadline, the caller's abort honoured), each call through its own opossum breaker.
 */
import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosInstance } from 'axios';
import CircuitBreaker from 'opossum';
import { MESSAGES } from '@cfs/contracts';
import type { GatewayConfig, UpstreamName } from '../config';
import { ROUTES, type RouteSpec } from './route-table';

export interface CallRequest {
  query?: Record<string, unknown> | URLSearchParams;
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface CallResult<T = unknown> {
  ok: boolean;
  status: number;
  data: T;
  /** Set when the answer is the route's fallback rather than the upstream's. */
  fallback?: 'open' | 'timeout' | 'error';
  headers?: Record<string, string>;
}

export interface UpstreamClient {
  call<T = unknown>(name: string, req?: CallRequest): Promise<CallResult<T>>;
  breakers: Map<string, CircuitBreaker>;
  routes: RouteSpec[];
  close(): void;
}

class UpstreamServerError extends Error {
  constructor(readonly status: number) {
    super(`upstream answered ${status}`);
  }
}

function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}

const PASS_HEADERS = ['x-identity-token', 'x-anonymous-id', 'content-type', 'accept'];

export function createUpstreamClient(config: Pick<GatewayConfig, 'upstreams'>, routes: RouteSpec[] = ROUTES): UpstreamClient {
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 128, keepAliveMsecs: 1000 });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 128 });
  const clients = new Map<UpstreamName, AxiosInstance>();
  for (const [name, baseURL] of Object.entries(config.upstreams) as [UpstreamName, string][]) {
    clients.set(
      name,
      axios.create({
        baseURL,
        httpAgent,
        httpsAgent,
        maxRedirects: 0,
        allowAbsoluteUrls: false,
        validateStatus: () => true,
        responseType: 'json',
        proxy: false,
      }),
    );
  }

  const breakers = new Map<string, CircuitBreaker>();
  for (const route of routes) {
    const http = clients.get(route.upstream)!;
    const action = async (req: CallRequest): Promise<CallResult> => {
      const res = await http.request({
        method: route.method,
        url: fillPath(route.upstreamPath, req.params),
        params: req.query,
        data: req.body,
        headers: req.headers,
        timeout: route.timeoutMs,
        signal: req.signal,
      });
      // 5xx counts as a failure of the upstream; 4xx is the caller's problem and does not.
      if (res.status >= 500) throw new UpstreamServerError(res.status);
      const headers: Record<string, string> = {};
      const ct = res.headers['content-type'];
      if (typeof ct === 'string') headers['content-type'] = ct;
      return { ok: res.status < 400, status: res.status, data: res.data, headers };
    };
    const breaker = new CircuitBreaker(action, {
      name: route.name,
      timeout: route.timeoutMs,
      resetTimeout: route.resetMs,
      // A single failure does not open a circuit.
      volumeThreshold: 5,
      errorThresholdPercentage: 50,
      rollingCountTimeout: 10_000,
      rollingCountBuckets: 10,
      // The caller going away is not the upstream's failure.
      errorFilter: (err: unknown) => axios.isCancel(err),
    });
    breaker.fallback((_req: CallRequest, err?: Error) => fallbackFor(route, breaker, err));
    breakers.set(route.name, breaker);
  }

  return {
    breakers,
    routes,
    async call<T>(name: string, req: CallRequest = {}) {
      const breaker = breakers.get(name);
      if (!breaker) throw new Error(`no upstream route named ${name}`);
      const headers = Object.fromEntries(
        Object.entries(req.headers ?? {}).filter(([k]) => PASS_HEADERS.includes(k.toLowerCase())),
      );
      return (await breaker.fire({ ...req, headers })) as CallResult<T>;
    },
    close() {
      for (const b of breakers.values()) b.shutdown();
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** The spec's error catalogue, applied per route. */
export function fallbackFor(route: RouteSpec, breaker: CircuitBreaker, err?: Error): CallResult {
  const open = breaker.opened || (err as { code?: string } | undefined)?.code === 'EOPENBREAKER';
  const timedOut = (err as { code?: string } | undefined)?.code === 'ETIMEDOUT';
  const kind: CallResult['fallback'] = open ? 'open' : timedOut ? 'timeout' : 'error';
  const message = open
    ? MESSAGES.breakerOpen(route.name)
    : timedOut
      ? MESSAGES.requestTimedOut
      : err instanceof UpstreamServerError
        ? `${route.name} failed: upstream answered ${err.status}`
        : `${route.name} failed: ${err?.message ?? 'unknown error'}`;
  if (route.fallback.kind === 'value') {
    return { ok: true, status: 200, data: route.fallback.value, fallback: kind };
  }
  return { ok: false, status: open ? 503 : timedOut ? 504 : 502, data: { error: message }, fallback: kind };
}
