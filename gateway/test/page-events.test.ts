/**
 * The page event collector (page-furniture §7 last paragraph; §8 'Page-event send fails: logged'):
 * a batch from the shell, sent as a beacon (text/plain JSON) or a POST of JSON, is checked against
 * the contracts' schema (a bad one is a 400, never a 5xx), rate limited apart from the shopper's
 * other writes, and forwarded to the upstream, which stores it.
 */
import { PAGE_EVENT_LIMITS, PAGE_EVENTS_PATH, type PageEvent } from '@cfs/contracts';
import type { InjectOptions } from 'fastify';
import { describeHealth, healthOf } from '../src/region-health';
import { startAround, fakeRemoteBuild, startGateway, type TestGateway, type Upstream } from './helpers';

const events: PageEvent[] = [
  { type: 'showcase:sponsor-click', ownerId: 'd100001', target: 'view-all' },
  { type: 'results:impression', listingIds: ['700000001', '700000002'] },
];

const batch = (payload: unknown, contentType = 'text/plain;charset=UTF-8'): InjectOptions => ({
  method: 'POST',
  url: PAGE_EVENTS_PATH,
  headers: { 'content-type': contentType, 'sec-fetch-site': 'same-origin' },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

describe('the page event collector', () => {
  let up: Upstream;
  let gw: TestGateway;

  startAround((both) => ({ up, gw } = both), { RATE_LIMIT_WRITES: '1000' });

  async function storedSince(since: string): Promise<PageEvent[][]> {
    const res = await fetch(`${up.url}/__page-events?since=${encodeURIComponent(since)}`);
    return ((await res.json()) as { batches: { events: PageEvent[] }[] }).batches.map((b) => b.events);
  }

  it("counts regions' health reports on /metrics by remote, registry version and kind; a version the registry does not have is 'other'", async () => {
    // A published version of a remote (the shell's files stand in: the label is what is checked).
    const version = await gw.store.publish('mf-compare', fakeRemoteBuild('health'), '7.0.0');
    const health: PageEvent[] = [
      { type: 'region:health', remote: 'mf-compare', kind: 'mount', version },
      { type: 'region:health', remote: 'mf-compare', kind: 'mount', version },
      { type: 'region:health', remote: 'mf-compare', kind: 'hydration', version },
      { type: 'region:health', remote: 'mf-compare', kind: 'error', version: '0.0.0-made-up' },
      { type: 'region:health', remote: 'mf-compare', kind: 'notice' },
    ];
    expect((await gw.app.inject(batch({ events: health }))).statusCode).toBe(202);
    const text = (await gw.app.inject('/metrics')).body;
    const count = (v: string, kind: string) =>
      Number(
        new RegExp(`^gateway_region_health_total\\{remote="mf-compare",version="${v}",kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1],
      );
    expect([count(version, 'mount'), count(version, 'hydration'), count('other', 'error'), count('other', 'notice')]).toEqual([2, 1, 1, 1]);
    expect(text).not.toContain('0.0.0-made-up');
    expect(healthOf(text).get(`mf-compare@${version}`)).toEqual({ mounts: 2, failures: 1, notices: 0, serverFallbacks: 0 });
    expect(describeHealth(healthOf(text).get(`mf-compare@${version}`))).toBe(
      '2 mounts, 1 failures (33.33 %), 0 notices, 0 server fallbacks',
    );
    // A bad report is refused like any bad event: an unknown remote or kind.
    for (const bad of [
      { type: 'region:health', remote: 'mf-nothing', kind: 'mount' },
      { type: 'region:health', remote: 'mf-compare', kind: 'exploded' },
      { type: 'region:health', remote: 'mf-compare', kind: 'mount', version: '../../x' },
    ]) {
      expect((await gw.app.inject(batch({ events: [bad] }))).statusCode).toBe(400);
    }
  });

  it('forwards a beacon batch, and a POST of JSON, to the upstream, which stores it', async () => {
    const since = new Date().toISOString();
    const beacon = await gw.app.inject(batch({ events }));
    expect(beacon.statusCode).toBe(202);
    const posted = await gw.app.inject(batch({ events: events.slice(1) }, 'application/json'));
    expect(posted.statusCode).toBe(202);
    expect(await storedSince(since)).toEqual([events, events.slice(1)]);
  });

  it.each([
    ['text that is not JSON', 'not json'],
    ['no events', { events: [] }],
    ['an unknown type', { events: [{ type: 'results:wish' }] }],
    ['a field its type does not have', { events: [{ type: 'reference:carousel', action: 'next', ownerId: 'd1' }] }],
    ['a missing field', { events: [{ type: 'results:load-more', by: 'button' }] }],
    ['a field the batch does not have', { events, sentAt: 1 }],
    ['more events than a batch holds', { events: Array.from({ length: PAGE_EVENT_LIMITS.batchEvents + 1 }, () => events[0]) }],
    [
      'an overlong link',
      { events: [{ type: 'reference:article-click', link: `https://x.example/${'a'.repeat(PAGE_EVENT_LIMITS.linkMaxLength)}` }] },
    ],
  ])('answers 400, never 5xx, to a batch with %s, and forwards nothing', async (_what, payload) => {
    const since = new Date().toISOString();
    const res = await gw.app.inject(batch(payload));
    expect(res.statusCode).toBe(400);
    expect(await storedSince(since)).toEqual([]);
  });

  it.each([
    ['a beacon', 'text/plain;charset=UTF-8'],
    ['a POST of JSON', 'application/json'],
  ])("answers 413 with the limit to %s over the browser's own 16 KiB, and forwards nothing", async (_what, type) => {
    // 50 valid events (the most a batch holds), each with a long link: about 25 KiB.
    const long = `https://x.example/${'a'.repeat(480)}`;
    const big = { events: Array.from({ length: PAGE_EVENT_LIMITS.batchEvents }, () => ({ type: 'reference:article-click', link: long })) };
    expect(JSON.stringify(big).length).toBeGreaterThan(PAGE_EVENT_LIMITS.batchBytes);
    const since = new Date().toISOString();
    const res = await gw.app.inject(batch(big, type));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(`Request body too large: at most ${PAGE_EVENT_LIMITS.batchBytes} bytes`);
    expect(await storedSince(since)).toEqual([]);
    // At the limit, a batch passes.
    const fits = { events: big.events.slice(0, 25) };
    expect(JSON.stringify(fits).length).toBeLessThanOrEqual(PAGE_EVENT_LIMITS.batchBytes);
    expect((await gw.app.inject(batch(fits, type))).statusCode).toBe(202);
  });

  it('refuses another content type, and a batch posted from another site', async () => {
    const form = await gw.app.inject(batch({ events }, 'application/x-www-form-urlencoded'));
    expect(form.statusCode).toBe(415);
    const cross = await gw.app.inject({ ...batch({ events }), headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
  });

  it('answers the error object when the upstream fails: the page only logs it', async () => {
    await up.fault('pageEvents', { status: 503, times: 1 });
    const res = await gw.app.inject(batch({ events }));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'pageEvents failed: upstream answered 503' });
    await up.clearFaults();
  });

  it("is rate limited per client apart from the other writes: page events never use up the shopper's writes", async () => {
    const limited = await startGateway(up.url, { RATE_LIMIT_WRITES: '3' });
    const report: InjectOptions = {
      method: 'POST',
      url: '/account-api/report-listing',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ listingId: '700000001', reason: 'Wrong price' }),
    };
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.app.inject(batch({ events }))).statusCode);
      expect(codes).toEqual([202, 202, 202, 429]);
      const reports: number[] = [];
      for (let i = 0; i < 4; i++) reports.push((await limited.app.inject(report)).statusCode);
      expect(reports).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
