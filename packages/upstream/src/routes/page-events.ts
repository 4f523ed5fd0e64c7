/**
 * The page event collector's store (page-furniture §7: the clicks and impressions the page
 * reports, which the spec names without describing): POST /account-api/page-events takes a batch
 * `{ events }` checked against the contracts' schema (a beacon arrives as text/plain JSON) and
 * answers 202 once it is on disk.
 *
 * Test-only, loopback only (as the fault switch): GET /__page-events?since=<ISO time> lists the
 * stored batches made at or after that time, oldest first, so browser tests can see what arrived.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_EVENT_LIMITS, PAGE_EVENTS_PATH, type PageEvent } from '@cfs/contracts';
import { PAGE_EVENT_BATCH_SCHEMA } from '@cfs/contracts/bodies';
import { openPageEvents, releasePageEvents } from '../store/page-events-store';
import { beaconJsonBody, handler } from '../store/http';
import { isLoopback } from './faults';

export const PAGE_EVENTS_TEST_PATH = '/__page-events';

export async function pageEventRoutes(app: FastifyInstance, opts: { dataDir: string }): Promise<void> {
  const store = await openPageEvents(opts.dataDir);
  app.addHook('onClose', async () => releasePageEvents(opts.dataDir));

  app.post(
    PAGE_EVENTS_PATH,
    {
      attachValidation: true,
      // The browser's own limit of a batch, held here too (the gateway's collector refuses larger).
      bodyLimit: PAGE_EVENT_LIMITS.batchBytes,
      // A beacon arrives as text/plain: read it as JSON before the schema check.
      preValidation: beaconJsonBody,
      schema: { body: PAGE_EVENT_BATCH_SCHEMA },
    },
    handler<FastifyRequest<{ Body: { events: PageEvent[] } }>>(async (request, reply) => {
      const batch = await store.add(request.body.events);
      return reply.code(202).send({ status: 'accepted', id: batch.id, events: batch.events.length });
    }),
  );

  app.get<{ Querystring: { since?: string } }>(
    PAGE_EVENTS_TEST_PATH,
    { schema: { querystring: { type: 'object', properties: { since: { type: 'string', maxLength: 40 } } } } },
    async (request, reply) => {
      if (!isLoopback(request)) return reply.code(403).send({ error: 'the page event read-back answers loopback only' });
      const since = request.query.since ?? '';
      return { batches: store.batches().filter((b) => b.createdAt >= since) };
    },
  );
}
