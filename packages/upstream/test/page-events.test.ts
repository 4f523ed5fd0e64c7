import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { PAGE_EVENT_LIMITS, PAGE_EVENTS_PATH, type PageEvent } from '@cfs/contracts';
import { pageEventRoutes, PAGE_EVENTS_TEST_PATH } from '../src/routes/page-events';
import {
  BATCHES_MAX,
  BYTES_MAX,
  openPageEvents,
  openPageEventStore,
  releasePageEvents,
  RETENTION_MS,
} from '../src/store/page-events-store';

let dataDir: string;
let app: FastifyInstance;

async function build(): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(pageEventRoutes, { dataDir });
  await a.ready();
  return a;
}

const events: PageEvent[] = [
  { type: 'showcase:hide-click', ownerId: 'd100001' },
  { type: 'showcase:sponsor-click', ownerId: 'd100001', target: 'vehicle', listingId: '700000001' },
  { type: 'showcase:carousel', ownerId: 'd100001', action: 'open' },
  { type: 'results:load-more', firstRecord: 30, by: 'button' },
  { type: 'results:impression', listingIds: ['700000001', '700000002'] },
  { type: 'reference:article-click', link: 'https://www.example.com/car-news/a-review' },
  { type: 'reference:carousel', action: 'next' },
];

const post = (payload: string | object, contentType = 'application/json') =>
  app.inject({
    method: 'POST',
    url: PAGE_EVENTS_PATH,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

beforeEach(async () => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-events-')), 'data');
  app = await build();
});
afterEach(async () => {
  await app.close();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe('page events', () => {
  it('stores a batch of every kind of event, sent as JSON or as a text/plain beacon, and keeps it across a restart', async () => {
    const since = new Date().toISOString();
    const json = await post({ events });
    expect(json.statusCode).toBe(202);
    expect(json.json()).toMatchObject({ status: 'accepted', events: events.length });
    const beacon = await post(JSON.stringify({ events: events.slice(0, 1) }), 'text/plain;charset=UTF-8');
    expect(beacon.statusCode).toBe(202);

    await app.close();
    app = await build();
    const read = await app.inject(`${PAGE_EVENTS_TEST_PATH}?since=${encodeURIComponent(since)}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().batches.map((b: { events: PageEvent[] }) => b.events)).toEqual([events, events.slice(0, 1)]);
    const later = await app.inject(`${PAGE_EVENTS_TEST_PATH}?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(later.json().batches).toEqual([]);
  });

  it.each([
    ['no events', { events: [] }],
    ['an unknown type', { events: [{ type: 'results:wish', listingIds: ['1'] }] }],
    ['a missing field of its type', { events: [{ type: 'showcase:sponsor-click', ownerId: 'd1' }] }],
    ["another type's field", { events: [{ type: 'showcase:hide-click', ownerId: 'd1', link: 'https://x.example' }] }],
    ['an unknown carousel action', { events: [{ type: 'reference:carousel', action: 'spin' }] }],
    ['a listing id that is not one', { events: [{ type: 'results:impression', listingIds: ['<script>'] }] }],
    ['too many events', { events: Array.from({ length: PAGE_EVENT_LIMITS.batchEvents + 1 }, () => events[0]) }],
    ['text that is not JSON', 'not json'],
  ])('refuses a batch with %s with a 400 and stores nothing', async (_what, payload) => {
    const res = await post(payload, typeof payload === 'string' ? 'text/plain' : 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
    expect((await app.inject(PAGE_EVENTS_TEST_PATH)).json().batches).toEqual([]);
  });

  it('answers the read-back on loopback only', async () => {
    const res = await app.inject({ url: PAGE_EVENTS_TEST_PATH, remoteAddress: '10.0.0.5' });
    expect(res.statusCode).toBe(403);
  });

  it('keeps its growth bounded: old batches are pruned', async () => {
    const store = await openPageEvents(dataDir);
    try {
      const now = Date.now();
      await store.add([events[0]], new Date(now - RETENTION_MS - 1000));
      await store.add([events[1]], new Date(now - 1000));
      expect(await store.prune(now)).toBe(1);
      expect(store.batches().map((b) => b.events)).toEqual([[events[1]]]);
      expect(BATCHES_MAX).toBeGreaterThan(PAGE_EVENT_LIMITS.batchEvents);
    } finally {
      await releasePageEvents(dataDir);
    }
  });

  it('cannot be filled: past its byte cap a batch drops the oldest, and the cap holds across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-events-cap-'));
    const cap = 20 * 1024;
    const link = `https://www.example.com/${'a'.repeat(450)}`;
    const full = Array.from({ length: 20 }, (): PageEvent => ({ type: 'reference:article-click', link }));
    let store = await openPageEventStore(dir, cap);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push((await store.add(full)).id);
      expect(store.storedBytes()).toBeLessThanOrEqual(cap);
      const kept = store.batches().map((b) => b.id);
      // The newest are kept, in order; the oldest went.
      expect(kept).toEqual(ids.slice(ids.length - kept.length));
      expect(kept.length).toBeLessThan(ids.length);
      expect(kept.length).toBeGreaterThan(0);
      await store.close();
      store = await openPageEventStore(dir, cap);
      expect(store.batches().map((b) => b.id)).toEqual(kept);
      expect(store.storedBytes()).toBeLessThanOrEqual(cap);
      expect(BYTES_MAX).toBe(32 * 1024 * 1024);
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
