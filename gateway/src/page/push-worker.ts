/**
 * The push-messaging worker's address (search-results spec §7): the script is the alerts remote's
 * (mf-alerts' src/push-worker.ts, built as push-worker.js and published with its version); the
 * gateway serves the live version's file at one address that does not change with versions, as a
 * service worker's must, under the search area, registered there by the notification prompt.
 *
 * - Served as JavaScript with a short cache (browsers check a worker for updates on their own, and
 *   take a new version's script at their next check).
 * - `Service-Worker-Allowed: /cars-for-sale`: the script lives at /cars-for-sale/push-worker.js,
 *   whose default scope would be /cars-for-sale/ only; the page itself is /cars-for-sale.
 * - The page's CSP allows it with worker-src 'self' (security.ts).
 * - A live alerts build without the script (one from before it carried it): 404, and the prompt's
 *   registration fails as it does offline (the prompt says nothing and stays away).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUSH_SCOPE, PUSH_WORKER_PATH } from '@cfs/contracts';
import { documentHeaders } from './headers';
import type { RegistryStore } from '../registry/store';

export const PUSH_WORKER_URL = PUSH_WORKER_PATH;
export const PUSH_WORKER_SCOPE = PUSH_SCOPE;
/** The deployable whose build carries the script, and the script's name in it. */
export const PUSH_WORKER_OWNER = 'mf-alerts';
export const PUSH_WORKER_FILE = 'push-worker.js';

export async function pushWorkerRoute(app: FastifyInstance, opts: { store: RegistryStore }): Promise<void> {
  // One read per version: a published version's files never change.
  const byVersion = new Map<string, Buffer | null>();
  const scriptOf = (version: string): Buffer | null => {
    if (!byVersion.has(version)) {
      const file = path.join(opts.store.remoteDir(PUSH_WORKER_OWNER, version), PUSH_WORKER_FILE);
      byVersion.set(version, fs.existsSync(file) ? fs.readFileSync(file) : null);
    }
    return byVersion.get(version) ?? null;
  };
  app.get(PUSH_WORKER_URL, { schema: { querystring: { type: 'object' } } }, async (_request, reply) => {
    const version = opts.store.read().remotes[PUSH_WORKER_OWNER]?.version;
    const script = version ? scriptOf(version) : null;
    if (!script) {
      return documentHeaders(reply, 'pushWorker')
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(`No push worker: the live ${PUSH_WORKER_OWNER} build (${version ?? 'none'}) carries no ${PUSH_WORKER_FILE}`);
    }
    documentHeaders(reply, 'pushWorker').type('text/javascript; charset=utf-8');
    reply.header('service-worker-allowed', PUSH_WORKER_SCOPE);
    return reply.send(script);
  });
}
