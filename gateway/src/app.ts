/** buildGateway: the Fastify app (used by main.ts, the tests and the benchmarks). */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { GatewayConfig } from './config';
import { createUpstreamClient, type UpstreamClient } from './proxy/client';
import { proxyRoutes } from './proxy/routes';
import { RegistryStore } from './registry/store';
import { registryRoutes } from './registry/routes';
import { pageRoutes } from './page/routes';
import { brandForHost } from './brands';

export interface Gateway {
  app: FastifyInstance;
  client: UpstreamClient;
  store: RegistryStore;
}

export async function buildGateway(config: GatewayConfig, opts: { logger?: boolean | object } = {}): Promise<Gateway> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: false,
    disableRequestLogging: config.logLevel !== 'debug',
  });
  const client = createUpstreamClient(config);
  const store = new RegistryStore(config.dataDir);

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  app.get('/healthz', async () => ({ ok: true }));
  await app.register(registryRoutes, { store, mode: config.mode });
  await app.register(pageRoutes, { config, client, store });
  await app.register(proxyRoutes, { client, brandOf: (r) => brandForHost(r.headers.host, config.brandHosts) });

  app.addHook('onClose', async () => client.close());
  return { app, client, store };
}
