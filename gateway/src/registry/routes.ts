/** The registry endpoint and the remotes' static files (versioned, immutable; entries no-cache). */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REGISTRY_PATH, type Registry } from '@cfs/contracts';
import { isPublicFile } from './public-files';
import { shopperOf } from './canary';
import { REMOTES_URL_PREFIX, RegistryStore, SHELL, isRemoteName, isVersion } from './store';

/** Entries are revalidated; setHeaders gets the file sent, so a compressed copy's name counts too. */
const NO_CACHE = /(^|\/)(mf-manifest\.json|remoteEntry\.js)(\.br|\.gz)?$/;

/**
 * The security headers that only mean something on a document: a remote's scripts, stylesheets
 * and manifests are sent without them (about half a kilobyte on each of the page's twenty-odd
 * script requests). Kept on every file: nosniff, the resource policy and the caching headers.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const CODE_FILE = /\.(js|css|json)$/;

/**
 * Applies `?remotes=` overrides; only a staging gateway accepts them. Comma-separated, each one of:
 * - `name@<version>`: a published version of a remote or of the shell, by its id: composed and
 *   server-rendered from that version's own server container, like a live one (a staging page that
 *   integration tests open with chosen versions);
 * - `name@<url>`: a remote's mf-manifest.json elsewhere (a dev server), http(s): the browser alone
 *   loads it (the gateway has no server container of it).
 */
export function applyOverrides(
  registry: Registry,
  raw: string,
  store: Pick<RegistryStore, 'isPublished' | 'entryOf'>,
): { registry: Registry; error?: string } {
  const remotes = { ...registry.remotes };
  let shell = registry.shell;
  for (const part of raw.split(',').filter(Boolean)) {
    const at = part.indexOf('@');
    const name = part.slice(0, at);
    const spec = part.slice(at + 1);
    if (at <= 0 || !(isRemoteName(name) || name === SHELL)) return { registry, error: `unknown remote in override: ${part}` };
    if (isVersion(spec)) {
      if (!store.isPublished(name, spec)) return { registry, error: `${name}@${spec} is not published` };
      if (name === SHELL) shell = { version: spec };
      else remotes[name] = store.entryOf(name, spec);
      continue;
    }
    if (name === SHELL) return { registry, error: 'the shell is staged by the id of a published version' };
    let parsed: URL;
    try {
      parsed = new URL(spec);
    } catch {
      return { registry, error: `override for ${name} is not a URL or a published version` };
    }
    if (!/^https?:$/.test(parsed.protocol)) return { registry, error: `override for ${name} must be http(s)` };
    remotes[name] = { version: 'override', manifest: parsed.toString() };
  }
  return { registry: { remotes, ...(shell ? { shell } : {}) } };
}

export async function registryRoutes(app: FastifyInstance, opts: { store: RegistryStore; mode: 'production' | 'staging' }) {
  app.get<{ Querystring: { remotes?: string } }>(
    REGISTRY_PATH,
    {
      schema: {
        querystring: { type: 'object', properties: { remotes: { type: 'string', maxLength: 2000 } } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'cookie');
      // The shopper's own registry: the canaries their cookie takes them into (canary.ts).
      const base = opts.store.toRegistry(shopperOf(request));
      const overrides = request.query.remotes;
      if (!overrides) return base;
      if (opts.mode !== 'staging') {
        return reply.code(403).send({ error: 'Registry overrides are refused outside staging' });
      }
      const { registry, error } = applyOverrides(base, overrides, opts.store);
      if (error) return reply.code(400).send({ error });
      return registry;
    },
  );

  app.addHook('onSend', (request, reply, payload, done) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith(`${REMOTES_URL_PREFIX}/`) && CODE_FILE.test(pathname)) {
      // @fastify/helmet sets its headers on the raw response, which reply.removeHeader does not see.
      for (const h of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(h);
    }
    done(null, payload);
  });

  await app.register(fastifyStatic, {
    root: path.join(opts.store.dataDir, 'remotes'),
    prefix: `${REMOTES_URL_PREFIX}/`,
    decorateReply: false,
    index: false,
    list: false,
    // Only what a page loads (public-files.ts): never the server container, the gates' and the
    // renderer's inputs or license texts, in any encoding or spelling; they answer as missing
    // files. Source maps are for staging; a production gateway does not serve them (the builds
    // emit them without a sourceMappingURL comment, for error-report tools).
    allowedPath: (pathName: string) => isPublicFile(pathName, opts.mode),
    etag: true,
    cacheControl: false,
    // The .br and .gz copies written at publish (store.ts precompress).
    preCompressed: true,
    // @fastify/static 9 hands over the raw response (10 the reply; 10 needs Node 22).
    setHeaders(res: { setHeader(k: string, v: string): unknown }, filePath: string) {
      res.setHeader('access-control-allow-origin', '*');
      // Compressed copies are served by the request's accept-encoding: caches must key on it.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader('cache-control', NO_CACHE.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
}
