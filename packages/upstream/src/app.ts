/** buildUpstream: the embedded upstream service as a Fastify app (main.ts listens; tests inject). */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildCatalogue, listingObject, ownerObject, type Catalogue } from './catalogue/generate';
import { MAKES } from './catalogue/vehicles';
import { trimCode } from './catalogue/generate';
import { createEngine, type Engine } from './search/engine';
import { HttpError } from './util/errors';
import { installFaults } from './routes/faults';
import { listingRoutes } from './routes/listing';
import { referenceRoutes } from './routes/reference';
import { imageRoutes } from './routes/images';
import { geoRoutes } from './routes/geo';
import { accountRoutes } from './routes/account';
import { signinRoutes } from './routes/signin';
import { contentRoutes, type CatalogueView } from './routes/content';
import { eligibilityRoutes } from './routes/eligibility';
import { adRoutes } from './routes/ads';
import { pageEventRoutes } from './routes/page-events';
import { jsonBytes } from './util/json-bytes';

export interface UpstreamOptions {
  listings?: number;
  seed?: number;
  dataDir?: string;
  signInPath?: string;
  logger?: boolean | object;
}

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '..', '.data');

const engines = new Map<string, Engine>();

/** One catalogue per size and seed per process (tests build several apps over the same one). */
export function engineFor(listings: number, seed: number): Engine {
  const key = `${listings}:${seed}`;
  let e = engines.get(key);
  if (!e) {
    e = createEngine(buildCatalogue({ listings, seed }));
    engines.set(key, e);
  }
  return e;
}

export function catalogueView(c: Catalogue): CatalogueView {
  return {
    makes: MAKES.map((m) => ({
      code: m.code,
      name: m.name,
      models: m.models.map((x) => ({ code: x.code, name: x.name, trims: x.trims.map((t) => ({ code: trimCode(t), name: t })) })),
    })),
    ownerById(id) {
      const oi = c.ownerIndex.get(id);
      return oi === undefined ? undefined : ownerObject(c, oi);
    },
    listingByVin(vin) {
      const i = c.vinIndex.get(vin.toUpperCase());
      return i === undefined ? undefined : listingObject(c, i);
    },
  };
}

export async function buildUpstream(opts: UpstreamOptions = {}): Promise<FastifyInstance> {
  const listings = opts.listings ?? Number(process.env.UPSTREAM_LISTINGS || 50000);
  const seed = opts.seed ?? Number(process.env.UPSTREAM_SEED || 20261122);
  const dataDir = path.resolve(opts.dataDir ?? process.env.UPSTREAM_DATA_DIR ?? DEFAULT_DATA_DIR);
  const signInPath = opts.signInPath ?? process.env.UPSTREAM_SIGNIN_PATH ?? '/account/signin';
  const engine = engineFor(listings, seed);

  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 256 * 1024 });
  // Answers as JSON bytes written in parts (util/json-bytes.ts): the same bytes as Fastify's own
  // serializer, JSON.stringify. Fastify sends a Buffer as it is (its type says string). It stands
  // in for a route's response schema too: no route here declares one.
  app.setReplySerializer((payload) => jsonBytes(payload) as unknown as string);
  app.setErrorHandler((err: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send({ error: err.message });
    if (err.validation || (err.statusCode && err.statusCode < 500)) {
      return reply.code(err.statusCode ?? 400).send({ error: err.message });
    }
    request.log.error(err);
    return reply.code(500).send({ error: 'internal error' });
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `no route ${request.method} ${request.url.split('?')[0]}` }));

  installFaults(app);
  app.get('/healthz', async () => ({ ok: true, listings: engine.catalogue.size }));
  await app.register(listingRoutes, { engine });
  await app.register(referenceRoutes, { engine });
  await app.register(imageRoutes, { catalogue: engine.catalogue });
  await app.register(geoRoutes);
  const view = catalogueView(engine.catalogue);
  await app.register(contentRoutes, { catalogue: view });
  await app.register(eligibilityRoutes, { catalogue: view });
  await app.register(adRoutes);
  await app.register(accountRoutes, { dataDir });
  await app.register(signinRoutes, { dataDir, signInPath });
  await app.register(pageEventRoutes, { dataDir });
  return app;
}
