/** buildGateway: the Fastify app (used by main.ts, the tests and the benchmarks). */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { GatewayConfig } from './config';
import { createUpstreamClient, type UpstreamClient } from './proxy/client';
import { ROUTES, type RouteSpec } from './proxy/route-table';
import { InProcessGets, proxyRoutes } from './proxy/routes';
import type { RegistryStore } from './registry/store';
import { openRegistry } from './registry/open';
import { redisClient } from './registry/redis';
import { registryRoutes } from './registry/routes';
import { pageRoutes } from './page/routes';
import { vehicleRoutes } from './page/vehicle';
import { pushWorkerRoute } from './page/push-worker';
import { Isolates, isolateOptions } from './ssr/isolates';
import { signInRoutes } from './signin';
import { brandForHost } from './brands';
import { registerCompression } from './compression';
import { createMetrics, breakerState, type GatewayMetrics } from './metrics';
import { countRegionHealth } from './region-health';
import { helmetOptions, isOperator, writeClientKey, writeGuard } from './security';

export interface Gateway {
  app: FastifyInstance;
  client: UpstreamClient;
  store: RegistryStore;
  metrics: GatewayMetrics;
  isolates: Isolates;
  /** The proxy routes' GETs as the pages' server renders ask them (proxy/routes.ts). */
  inProcess: InProcessGets;
}

export interface BuildOptions {
  logger?: boolean | object;
  /** Another route table (tests shorten timings with withTimings). */
  routes?: RouteSpec[];
  /** Default process metrics in /metrics (off in tests that build many gateways). */
  defaultMetrics?: boolean;
}

/**
 * A request Node's HTTP parser refused (raw bytes outside ASCII in the request line, a bad header,
 * headers too large, too slow): answered with its status and `Connection: close`, then the socket
 * is ended after the answer is written, so a pooling proxy in front knows not to send anyone
 * else's request on it. (Fastify's default writes the answer without that header and resets the
 * socket.)
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason =
    status === 408
      ? 'The request took too long to arrive'
      : status === 431
        ? 'The request headers are too large'
        : 'Malformed HTTP request';
  const body = JSON.stringify({ error: reason, statusCode: status });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export async function buildGateway(config: GatewayConfig, opts: BuildOptions = {}): Promise<Gateway> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
    bodyLimit: 256 * 1024,
    clientErrorHandler,
    // A write that carries a field its schema does not name is refused (400 naming the field),
    // not answered 2xx with the field silently dropped (Fastify's default removes it).
    ajv: { customOptions: { removeAdditional: false } },
    schemaErrorFormatter: (errors, dataVar) =>
      new Error(
        errors
          .map((e) =>
            e.keyword === 'additionalProperties'
              ? `${dataVar}${e.instancePath} has an unknown field '${String((e.params as { additionalProperty?: unknown }).additionalProperty)}'`
              : `${dataVar}${e.instancePath} ${e.message ?? 'is invalid'}`,
          )
          .join(', '),
      ),
  });
  // The sign-in page lives at the configured path, on the gateway and on the upstream alike.
  const routes = (opts.routes ?? ROUTES).map((r) =>
    r.name === 'signInPage' || r.name === 'signIn' ? { ...r, upstreamPath: config.signInPath } : r,
  );
  const client = createUpstreamClient(config, { routes, adapter: config.httpClient });
  const store = await openRegistry(config, { log: app.log });
  const metrics = createMetrics(client.breakers, { defaults: opts.defaultMetrics });
  const isolates = new Isolates((name, version) => store.remoteDir(name, version), {
    ...isolateOptions(config),
    log: app.log,
    onIsolateExit: (name, version, cause) => metrics.isolateExits.labels(name, version, cause).inc(),
  });

  // Bad input is the caller's: 4xx with a clear message, never 5xx.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = err.validation ? 400 : err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'gateway error');
    const message =
      status >= 500
        ? 'Internal error'
        : err.validation
          ? `Invalid request: ${err.message}`
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? `Request body too large: at most ${request.routeOptions.bodyLimit ?? 'the limit of'} bytes`
            : err.message;
    // An error is an answer to this request only: never stored (a 404 is cacheable by default).
    if (!reply.sent)
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({ error: message, statusCode: status });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}`, statusCode: 404 }),
  );

  // Beacons arrive as text/plain: read them as JSON when they are JSON. Forms are read as flat objects.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, body);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  await app.register(fastifyCookie);
  // helmet's headers on every answer (security.ts helmetOptions; page/headers.ts per document kind).
  await app.register(fastifyHelmet, helmetOptions(config, store.toRegistry()));
  // With Redis, every gateway counts a client's writes together (the plugin's Redis store); while
  // that Redis is away, writes pass uncounted rather than fail (skipOnError).
  const rateLimitRedis = config.redisUrl ? redisClient(config.redisUrl) : null;
  if (rateLimitRedis) {
    rateLimitRedis.on('error', () => undefined);
    rateLimitRedis.connect().catch(() => undefined);
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: `${config.redisPrefix}:rate-limit:`, skipOnError: true } : {}),
    // IPv6 clients per /64, IPv4-mapped addresses as IPv4 (security.ts writeClientKey).
    keyGenerator: (request) => writeClientKey(request.ip),
    // Thrown by the plugin: an Error with its status, answered by the error handler as { error }.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests: at most ${context.max} writes per minute`), { statusCode: 429 }),
  });
  writeGuard(app, config);
  await registerCompression(app);

  // Liveness is public; the breakers' detail and the metrics are for operators (security.ts isOperator).
  app.get('/healthz', { schema: { querystring: { type: 'object', properties: {} } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // The gateway serves while its shared registry is away (the registry it read last): still ok,
    // and it says so, to anyone (no detail) and to operators (since when, and why).
    const registry = store.backend.health();
    const stale = registry.connected ? {} : { registry: 'stale: the shared registry cannot be reached' };
    if (!isOperator(request, config)) return { ok: true, ...stale };
    const breakers = Object.fromEntries([...client.breakers].map(([name, b]) => [name, breakerState(b)]));
    const open = Object.entries(breakers)
      .filter(([, s]) => s === 'open')
      .map(([n]) => n);
    return { ok: true, mode: config.mode, adapter: client.adapter, registry, open, breakers };
  });
  app.get('/metrics', { schema: { querystring: { type: 'object', properties: {} } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!isOperator(request, config)) {
      return reply.code(403).send({ error: 'Metrics are served on loopback or with the operations token (OPS_TOKEN)', statusCode: 403 });
    }
    reply.type(metrics.contentType);
    return metrics.render();
  });

  // Region health from the page events that pass the collector, and the canaries judged on it (region-health.ts).
  countRegionHealth(app, { metrics, store, judge: config.canary });

  await app.register(registryRoutes, { store, mode: config.mode });
  // The pages' server renders ask the proxy routes below within the process (proxy/routes.ts InProcessGets).
  const inProcess = new InProcessGets();
  await app.register(pageRoutes, { config, client, store, isolates, metrics, inProcess });
  await app.register(vehicleRoutes, { config, client, store, isolates });
  await app.register(pushWorkerRoute, { store });
  await app.register(signInRoutes, { config, client });
  await app.register(proxyRoutes, {
    client,
    config,
    brandOf: (headers) => brandForHost(typeof headers.host === 'string' ? headers.host : undefined, config.brandHosts),
    inProcess,
  });

  app.addHook('onClose', async () => {
    await client.close();
    await isolates.close();
    await store.backend.close();
    if (rateLimitRedis) await rateLimitRedis.quit().catch(() => rateLimitRedis.disconnect());
  });
  // The live versions' isolates start (and load their containers) before the first page asks.
  app.addHook('onReady', async () => {
    const registry = store.toRegistry();
    isolates.warm({
      ...Object.fromEntries(Object.entries(registry.remotes).map(([n, e]) => [n, e.version])),
      ...(registry.shell ? { shell: registry.shell.version } : {}),
    });
  });
  return { app, client, store, metrics, isolates, inProcess };
}
