/**
 * Breakers against the real upstream's fault switch: the cycle closed -> open -> half-open ->
 * closed (short resets through a table override; the breaker's own timer drives half-open, the
 * test waits for its event and asserts no time), one failure does not open, 4xx do not count,
 * a hanging upstream answers 'Request timed out' at the call's deadline, breakers are made once,
 * and /metrics shows each breaker's state and events.
 */
import { MESSAGES } from '@cfs/contracts';
import { ROUTES, withTimings } from '../src/proxy/route-table';
import { countingWindowMs, VOLUME_THRESHOLD } from '../src/proxy/breaker';
import { lookAfter, FAST, once, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

const SEARCH = '/rest/lsc/listing?makeCode=FORD&numRecords=5';

describe('breakers', () => {
  let up: Upstream;
  let gw: TestGateway;

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url, {}, { routes: withTimings(ROUTES, FAST) });
  });
  lookAfter(() => ({ up, gw }));

  const metric = async (name: string, event?: string) => {
    const text = (await gw.app.inject('/metrics')).body;
    const line = event
      ? text.split('\n').find((l) => l.startsWith(`gateway_breaker_events_total{name="${name}",event="${event}"}`))
      : text.split('\n').find((l) => l.startsWith(`gateway_breaker_state{name="${name}"}`));
    return Number(line?.split(' ').pop());
  };

  it('makes one breaker per call of the table, at boot', () => {
    expect([...gw.client.breakers.keys()].sort()).toEqual(ROUTES.map((r) => r.name).sort());
    const before = gw.client.breakers.get('listingSearch');
    return gw.app.inject(SEARCH).then(() => expect(gw.client.breakers.get('listingSearch')).toBe(before));
  });

  it('goes closed -> open -> half-open -> closed under the fault switch', async () => {
    const breaker = gw.client.breakers.get('listingSearch')!;
    expect((await gw.app.inject(SEARCH)).statusCode).toBe(200);
    expect(await metric('listingSearch')).toBe(0);

    await up.fault('listingSearch', { status: 500 });
    // One failure does not open the circuit: the volume threshold is 5.
    const first = await gw.app.inject(SEARCH);
    expect(first.statusCode).toBe(502);
    expect(first.json().error).toBe('listingSearch failed: upstream answered 500');
    expect(first.json().error).not.toContain('Circuit Breaker');
    expect(breaker.opened).toBe(false);
    for (let i = 0; i < 4; i++) await gw.app.inject(SEARCH);
    expect(breaker.opened).toBe(true);
    expect(await metric('listingSearch')).toBe(2);
    expect(await metric('listingSearch', 'open')).toBeGreaterThanOrEqual(1);

    // Open: answered at once by the fallback, the upstream is not called.
    const fires = await metric('listingSearch', 'reject');
    const open = await gw.app.inject(SEARCH);
    expect(open.statusCode).toBe(503);
    expect(open.headers['x-fallback']).toBe('open');
    expect(open.json()).toEqual({ error: MESSAGES.breakerOpen('listingSearch') });
    expect(await metric('listingSearch', 'reject')).toBe(fires + 1);

    // The reset timer moves it to half-open; the upstream recovered meanwhile.
    await once(breaker, 'halfOpen');
    expect(breaker.halfOpen).toBe(true);
    expect(await metric('listingSearch')).toBe(1);
    await up.clearFaults();
    const probe = await gw.app.inject(SEARCH);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['x-fallback']).toBeUndefined();
    expect(breaker.closed).toBe(true);
    expect(await metric('listingSearch')).toBe(0);
    expect(await metric('listingSearch', 'close')).toBeGreaterThanOrEqual(1);
  });

  it('re-opens when the half-open probe fails', async () => {
    const breaker = gw.client.breakers.get('packages')!;
    await up.fault('packages', { status: 503 });
    for (let i = 0; i < 5; i++) await gw.app.inject('/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150');
    expect(breaker.opened).toBe(true);
    const open = await gw.app.inject('/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150');
    expect(open.json()).toEqual({ error: 'Circuit Breaker for packages is open' });
    await once(breaker, 'halfOpen');
    const probe = await gw.app.inject('/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150');
    expect(probe.statusCode).toBe(502);
    expect(breaker.opened).toBe(true);
  });

  it('re-opens on renewed failures right after closing: the calls refused while open do not dilute the error rate', async () => {
    const breaker = gw.client.breakers.get('packages')!;
    const url = '/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150';
    await up.fault('packages', { status: 503 });
    for (let i = 0; i < 5; i++) await gw.app.inject(url);
    expect(breaker.opened).toBe(true);
    // Traffic while open: every call refused at once.
    for (let i = 0; i < 60; i++) expect((await gw.app.inject(url)).headers['x-fallback']).toBe('open');
    await up.clearFaults();
    await once(breaker, 'halfOpen');
    expect((await gw.app.inject(url)).statusCode).toBe(200);
    expect(breaker.closed).toBe(true);
    // The upstream fails again: the circuit opens after the volume threshold, as it did the first time.
    await up.fault('packages', { status: 503 });
    for (let i = 0; i < VOLUME_THRESHOLD; i++) await gw.app.inject(url);
    expect(breaker.opened).toBe(true);
  });

  it('does not count 4xx answers as failures', async () => {
    const breaker = gw.client.breakers.get('trims')!;
    const before = breaker.stats.failures;
    for (let i = 0; i < 10; i++) {
      const res = await gw.app.inject('/rest/lsc/crawl/trims?makeCode=FORD&modelCode=NOSUCHMODEL');
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-fallback']).toBeUndefined();
    }
    expect(breaker.closed).toBe(true);
    expect(breaker.stats.failures).toBe(before);
    expect(breaker.stats.successes).toBeGreaterThanOrEqual(10);
  });

  it("answers 'Request timed out' at the call's deadline while the upstream hangs", async () => {
    await up.fault('packages', { hang: true });
    const res = await gw.app.inject('/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150');
    expect(res.statusCode).toBe(504);
    expect(res.headers['x-fallback']).toBe('timeout');
    expect(res.json()).toEqual({ error: MESSAGES.requestTimedOut });
    expect(await metric('packages', 'timeout')).toBeGreaterThanOrEqual(1);
  });

  it('keeps the required search bounded by its timeout too (the page shows the error screen)', async () => {
    await up.fault('listingSearch', { hang: true });
    const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { 'user-agent': 'Mozilla/5.0' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain(MESSAGES.searchError);
  });

  it('aborts the upstream call when the caller goes away, without counting a failure', async () => {
    const breaker = gw.client.breakers.get('modelInfo')!;
    const failures = breaker.stats.failures;
    await up.fault('modelInfo', { latencyMs: 5000 });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = gw.app.server.address() as import('node:net').AddressInfo;
    const ctrl = new AbortController();
    const cancelled = once(breaker, 'success'); // opossum reports a filtered (cancelled) call as success
    const req = fetch(`http://127.0.0.1:${port}/rest/lsc/modelinfo/ymm?makeCode=FORD&modelCode=F150`, { signal: ctrl.signal }).catch(
      (e) => e,
    );
    setTimeout(() => ctrl.abort(), 50);
    expect(((await req) as Error).name).toBe('AbortError');
    await cancelled;
    expect(breaker.stats.failures).toBe(failures);
    expect(breaker.stats.timeouts).toBe(0);
  });

  it('counts a refused connection as a failure with its own message', async () => {
    await up.fault('zipValidation', { refuse: true });
    const res = await gw.app.inject('/geo/zip/30301');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/^zipValidation failed: /);
  });

  it('exposes Prometheus metrics and a health check', async () => {
    const m = await gw.app.inject('/metrics');
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toContain('text/plain');
    expect(m.body).toContain('# TYPE gateway_breaker_state gauge');
    expect(m.body).toContain('# TYPE gateway_breaker_events_total counter');
    expect(m.body).toContain('gateway_upstream_duration_seconds_bucket');
    for (const r of ROUTES) expect(m.body).toContain(`gateway_breaker_state{name="${r.name}"}`);
    const h = await gw.app.inject('/healthz');
    expect(h.json()).toMatchObject({ ok: true, adapter: 'undici', open: [] });
  });

  it('opens on calls still hanging at their slow-call threshold, and answers the shoppers already waiting (breaker-timing.test.ts has the timings)', async () => {
    // The search's timeout 4 s, its slow-call threshold 400 ms: before, each of these shoppers
    // waited the whole timeout for 'Request timed out'; the circuit opened only after.
    const hung = await startGateway(
      up.url,
      {},
      {
        routes: withTimings(ROUTES, (r) => (r.name === 'listingSearch' ? { timeoutMs: 4_000, slowCallMs: 400, resetMs: 30_000 } : {})),
      },
    );
    try {
      const breaker = hung.client.breakers.get('listingSearch')!;
      await up.fault('listingSearch', { hang: true });
      const answers: Promise<import('light-my-request').Response>[] = [];
      for (let i = 0; i < 10; i++) {
        answers.push(hung.app.inject(SEARCH));
        await new Promise((r) => setTimeout(r, 100));
      }
      const done = await Promise.all(answers);
      expect(breaker.opened).toBe(true);
      expect(done.map((r) => r.headers['x-fallback'])).toEqual(Array(10).fill('open'));
      expect(done[0].json()).toEqual({ error: MESSAGES.breakerOpen('listingSearch') });
      const slowEvents = (await hung.app.inject('/metrics')).body
        .split('\n')
        .find((l) => l.startsWith('gateway_breaker_events_total{name="listingSearch",event="slow"}'));
      expect(Number(slowEvents?.split(' ').pop())).toBeGreaterThanOrEqual(5);
    } finally {
      await hung.close();
    }
  });

  describe('a hung upstream at low traffic, and its recovery', () => {
    let slow: TestGateway;
    beforeAll(async () => {
      // Timeouts as short as a test allows, and the spec's full 30 s reset: recovery must not wait for it.
      slow = await startGateway(
        up.url,
        {},
        { routes: withTimings(ROUTES, (r) => ({ timeoutMs: Math.min(r.timeoutMs, 300), resetMs: 30_000 })) },
      );
    });
    afterAll(() => slow.close());

    it('counts failures over a window that holds the volume threshold of timeouts, for every call of the table', () => {
      for (const r of ROUTES) {
        expect(countingWindowMs(r)).toBeGreaterThanOrEqual((r.volumeThreshold ?? VOLUME_THRESHOLD) * r.timeoutMs);
        expect(
          (slow.client.breakers.get(r.name) as unknown as { options: { rollingCountTimeout: number } }).options.rollingCountTimeout,
        ).toBeGreaterThanOrEqual((r.volumeThreshold ?? VOLUME_THRESHOLD) * Math.min(r.timeoutMs, 300));
      }
    });

    it('opens after a few timeouts one visitor at a time, then closes within seconds of recovery, long before the reset', async () => {
      const breaker = slow.client.breakers.get('listingSearch')!;
      await up.fault('listingSearch', { hang: true });
      let calls = 0;
      while (!breaker.opened && calls < 10) {
        await slow.app.inject(SEARCH);
        calls++;
      }
      expect(breaker.opened).toBe(true);
      expect(calls).toBe(VOLUME_THRESHOLD);
      const open = await slow.app.inject(SEARCH);
      expect(open.headers['x-fallback']).toBe('open');

      // The upstream recovers: a background probe closes the circuit (the reset is 30 s away).
      await up.clearFaults();
      await once(breaker, 'close');
      expect(breaker.closed).toBe(true);
      const back = await slow.app.inject(SEARCH);
      expect(back.statusCode).toBe(200);
      expect(back.headers['x-fallback']).toBeUndefined();
    });
  });
});
