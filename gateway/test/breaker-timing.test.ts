/**
 * The circuit's timings as tables, on fake timers (breaker.ts): a simulated upstream answers in
 * 50 ms while up; a call made while it hangs never answers and fails at its deadline (a hung
 * request stays hung after the upstream recovers, as a real one does). Traffic arrives at a
 * steady rate, after a minute of healthy traffic that fills the windows. The spec's own timeouts
 * and resets are used (the search: 20 s timeout, 30 s reset).
 */
import { ROUTES, routeByName, type RouteSpec } from '../src/proxy/route-table';
import { createRouteBreaker, PROBE_INTERVAL_MS, slowCallMs, VOLUME_THRESHOLD } from '../src/proxy/breaker';

interface Req {
  deadline?: number;
  signal?: unknown;
}
interface Res {
  fallback?: 'open' | 'timeout' | 'error';
}

const ANSWER_MS = 50;
const WARM_MS = 60_000;

function simulate(route: RouteSpec, probe = (route.upstreamMethod ?? route.method) === 'GET') {
  let up = true;
  let upstreamCalls = 0;
  const action = (req: Req) =>
    new Promise<Res>((resolve, reject) => {
      upstreamCalls++;
      const deadline = Math.min(route.timeoutMs, (req.deadline ?? Infinity) - Date.now());
      if (up) setTimeout(() => resolve({}), Math.min(ANSWER_MS, deadline));
      else setTimeout(() => reject(Object.assign(new Error('timeout of upstream call'), { code: 'ECONNABORTED' })), deadline);
    });
  const circuit = createRouteBreaker<Req, Res>(route, action, {
    fallback: (_req, err) => ({ fallback: (err as { code?: string })?.code === 'EOPENBREAKER' ? 'open' : 'timeout' }),
    isCancel: () => false,
    probe,
  });
  const events: { event: string; at: number }[] = [];
  for (const event of ['open', 'halfOpen', 'close']) circuit.breaker.on(event as 'open', () => events.push({ event, at: Date.now() }));
  const calls: { start: number; end?: number; res?: Res }[] = [];
  /** Calls at `rate` per second for `ms`. */
  const traffic = async (rate: number, ms: number) => {
    const step = 1000 / rate;
    for (let t = 0; t < ms; t += step) {
      const call: (typeof calls)[number] = { start: Date.now() };
      calls.push(call);
      void circuit.fire({}).then((res) => {
        call.end = Date.now();
        call.res = res;
      });
      await jest.advanceTimersByTimeAsync(Math.min(step, ms - t));
    }
  };
  const first = (event: string, after: number) => events.find((e) => e.event === event && e.at >= after)?.at;
  return {
    circuit,
    events,
    calls,
    traffic,
    first,
    hang: () => (up = false),
    recover: () => (up = true),
    get upstreamCalls() {
      return upstreamCalls;
    },
  };
}

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

const search = routeByName('listingSearch');

describe('a hung upstream opens its circuit within about its timeout, at any traffic rate', () => {
  // [calls per second, opened at most this long after the hang]: slow-call threshold 5 s, then
  // the volume threshold of slow calls; at one call every 4 s it sets the pace (21 s).
  const table: [number, number][] = [
    [0.25, 21_000],
    [0.5, 13_000],
    [1, 9_000],
    [5, 7_000],
    [50, 7_000],
  ];

  it.each(table)('at %p calls/s it opens within %p ms and nobody waits longer', async (rate, bound) => {
    expect(slowCallMs(search)).toBe(5_000);
    const sim = simulate(search);
    await sim.traffic(rate, WARM_MS);
    expect(sim.circuit.breaker.closed).toBe(true);
    const hungAt = Date.now();
    sim.hang();
    await sim.traffic(rate, 30_000);
    const openedAt = sim.first('open', hungAt)!;
    expect(openedAt).toBeDefined();
    expect(openedAt - hungAt).toBeLessThanOrEqual(bound);
    expect(openedAt - hungAt).toBeLessThanOrEqual(search.timeoutMs * 1.1);
    // The shoppers who came during the hang: answered by the time it opened (not at their 20 s
    // timeout), and at once after that, with the open fallback.
    const during = sim.calls.filter((c) => c.start >= hungAt);
    for (const c of during) {
      expect(c.end).toBeDefined();
      expect(c.end!).toBeLessThanOrEqual(Math.max(openedAt, c.start) + 1);
    }
    expect(during.filter((c) => c.start > openedAt).every((c) => c.res?.fallback === 'open')).toBe(true);
  });

  it('a slow but answering upstream (just under the threshold) does not open it', async () => {
    // Every call answers in 50 ms, 10 ms under a 60 ms threshold.
    const sim = simulate({ ...search, slowCallMs: ANSWER_MS + 10 });
    await sim.traffic(50, 10_000);
    await jest.advanceTimersByTimeAsync(ANSWER_MS);
    expect(sim.circuit.breaker.closed).toBe(true);
    expect(sim.calls.every((c) => c.res && !c.res.fallback)).toBe(true);
  });

  it('a few slow calls among many fast ones do not open it (the rate rule, not a count)', async () => {
    const route = { ...search, slowCallMs: 40 };
    // Every fourth call answers in 50 ms, past a 40 ms threshold; the others at once.
    let n = 0;
    const circuit = createRouteBreaker<Req, Res>(
      route,
      () => new Promise((resolve) => setTimeout(() => resolve({}), n++ % 4 === 0 ? 50 : 1)),
      { fallback: () => ({ fallback: 'open' }), isCancel: () => false, probe: true },
    );
    for (let i = 0; i < 400; i++) {
      void circuit.fire({});
      await jest.advanceTimersByTimeAsync(10);
    }
    await jest.advanceTimersByTimeAsync(100);
    expect(circuit.breaker.closed).toBe(true);
    circuit.shutdown();
  });
});

describe('recovery: within a few seconds of the upstream answering again, whatever a trial does', () => {
  // [the upstream answers again this long after the circuit opened]: while open (probes), just
  // before the reset's half-open, and just after it, when a shopper's trial is hung.
  const table: [string, number][] = [
    ['while open', 3_000],
    ['just before the half-open trial', search.resetMs - 500],
    ['while the half-open trial hangs', search.resetMs + 1_000],
    ['long after', 100_000],
  ];

  it.each(table)('%s (%p ms after opening): closed within one probe interval', async (_label, after) => {
    const sim = simulate(search);
    await sim.traffic(1, WARM_MS);
    const hungAt = Date.now();
    sim.hang();
    await sim.traffic(1, 9_000);
    const openedAt = sim.first('open', hungAt)!;
    expect(openedAt).toBeDefined();
    await sim.traffic(1, openedAt + after - Date.now());
    expect(Date.now() - openedAt).toBe(after);
    const recoveredAt = Date.now();
    sim.recover();
    await sim.traffic(1, 10_000);
    const closedAt = sim.first('close', recoveredAt);
    expect(closedAt).toBeDefined();
    expect(closedAt! - recoveredAt).toBeLessThanOrEqual(PROBE_INTERVAL_MS + ANSWER_MS + 1_000);
    // And it stays closed: the hung calls of the outage, ending later, do not count any more.
    await sim.traffic(1, 30_000);
    expect(sim.first('open', closedAt!)).toBeUndefined();
    sim.circuit.shutdown();
  });

  it('probes at most a few at a time against a hung upstream', async () => {
    const sim = simulate(search);
    sim.hang();
    await sim.traffic(1, 10_000);
    expect(sim.circuit.breaker.opened).toBe(true);
    const before = sim.upstreamCalls;
    // Two minutes open with no traffic at all: one probe per interval, never a pile-up.
    await jest.advanceTimersByTimeAsync(120_000);
    expect(sim.upstreamCalls - before).toBeLessThanOrEqual(120_000 / PROBE_INTERVAL_MS + 1);
    sim.circuit.shutdown();
  });

  it('a write circuit (never replayed) holds a hung half-open trial only for the slow-call threshold', async () => {
    const write = routeByName('emailDealer');
    expect(write.method).toBe('POST');
    const slow = slowCallMs(write);
    const sim = simulate(write);
    sim.hang();
    await sim.traffic(1, 2 * write.timeoutMs);
    const openedAt = sim.first('open', 0)!;
    expect(openedAt).toBeDefined();
    // The reset half-opens it; the next call is the trial, and it hangs.
    await sim.traffic(1, openedAt + write.resetMs - Date.now() + 1_000);
    const halfOpenAt = sim.first('halfOpen', openedAt)!;
    expect(halfOpenAt).toBeDefined();
    const trial = sim.calls.find((c) => c.start >= halfOpenAt)!;
    await sim.traffic(1, slow + 1_000);
    expect(trial.res?.fallback).toBe('timeout');
    expect(trial.end! - trial.start).toBeLessThanOrEqual(slow);
    expect(sim.circuit.breaker.opened).toBe(true);
    // The upstream answers again: the next reset's trial closes the circuit.
    sim.recover();
    await sim.traffic(1, write.resetMs + 2_000);
    expect(sim.circuit.breaker.closed).toBe(true);
    sim.circuit.shutdown();
  });
});

describe('every call of the table', () => {
  it('has a slow-call threshold below its timeout where the timeout allows one, and at least 1 s', () => {
    for (const r of ROUTES) {
      const slow = slowCallMs(r);
      expect(slow).toBeLessThanOrEqual(r.timeoutMs);
      expect(slow).toBeGreaterThanOrEqual(Math.min(1_000, r.timeoutMs));
      if (r.timeoutMs >= 4_000) expect(slow).toBeLessThanOrEqual(r.timeoutMs / 4);
    }
    expect(VOLUME_THRESHOLD).toBe(5);
  });
});
