/**
 * Rollback by evidence (registry/canary-judge.ts): the one-sided two-proportion test as tables,
 * its error rates by simulation (a seeded generator, so every run draws the same samples), the
 * evidence window, and a gateway that ends a failing canary by itself from the page events its
 * shoppers' pages send, and leaves a healthy one running.
 */
import { PAGE_EVENTS_PATH, type PageEvent } from '@cfs/contracts';
import { CANARY_COOKIE, newShopperId } from '../src/registry/canary';
import { CanaryEvidence, JUDGE_DEFAULTS, judge, zScore, type Sample } from '../src/registry/canary-judge';
import { deploy, fakeRemoteBuild, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';
import { seededRandom } from '@cfs/test-kit/random';

/** A seeded generator (mulberry32): the same numbers on every run. */
const random = seededRandom;
const draw = (rand: () => number, sessions: number, p: number): Sample => {
  let failed = 0;
  for (let i = 0; i < sessions; i++) if (rand() < p) failed++;
  return { sessions, failed };
};

describe('the test', () => {
  it.each([
    // canary, live, z (2 decimals)
    [{ sessions: 100, failed: 10 }, { sessions: 100, failed: 2 }, 2.38],
    [{ sessions: 100, failed: 2 }, { sessions: 100, failed: 10 }, -2.38],
    [{ sessions: 500, failed: 25 }, { sessions: 500, failed: 25 }, 0],
    [{ sessions: 100, failed: 0 }, { sessions: 100, failed: 0 }, 0],
    [{ sessions: 0, failed: 0 }, { sessions: 100, failed: 5 }, 0],
    [{ sessions: 100, failed: 100 }, { sessions: 100, failed: 0 }, 14.14],
  ])('z of %j against %j is %p', (canary, live, z) => {
    expect(zScore(canary, live)).toBeCloseTo(z, 2);
  });

  it.each([
    ['runs on: too few shoppers on the canary', { sessions: 99, failed: 99 }, { sessions: 1000, failed: 0 }, false],
    ['runs on: too few shoppers on live', { sessions: 1000, failed: 1000 }, { sessions: 99, failed: 0 }, false],
    ['ended: every canary shopper failing', { sessions: 100, failed: 100 }, { sessions: 100, failed: 2 }, true],
    ['ended: a third failing against 5 %', { sessions: 100, failed: 33 }, { sessions: 200, failed: 10 }, true],
    ['runs on: the same rate', { sessions: 1000, failed: 50 }, { sessions: 1000, failed: 50 }, false],
    ['runs on: better than live', { sessions: 1000, failed: 10 }, { sessions: 1000, failed: 50 }, false],
    [
      'runs on: sure but too small to matter (2.5 % against 2 %)',
      { sessions: 400000, failed: 10000 },
      { sessions: 400000, failed: 8000 },
      false,
    ],
    ['runs on: worse, but within chance (8 % against 5 %)', { sessions: 100, failed: 8 }, { sessions: 100, failed: 5 }, false],
  ])('%s', (_label, canary, live, end) => {
    const verdict = judge(canary, live);
    expect(verdict.end).toBe(end);
    if (end)
      expect(verdict.why).toMatch(/^failure rate above live's beyond chance: canary failing for [\d.]+ % \(\d+ of \d+ shoppers\), live/);
  });

  it('ends a healthy canary by chance rarely: at most 0.5 % of 4,000 samples drawn at the same rate', () => {
    const rand = random(42);
    let ended = 0;
    for (let i = 0; i < 4000; i++) {
      if (judge(draw(rand, 200, 0.05), draw(rand, 400, 0.05)).end) ended++;
    }
    expect(ended / 4000).toBeLessThanOrEqual(0.005);
  });

  it('ends a broken canary at the minimum sample: 99 % of 1,000 samples at 30 % against 5 %', () => {
    const rand = random(7);
    let ended = 0;
    for (let i = 0; i < 1000; i++) if (judge(draw(rand, JUDGE_DEFAULTS.minSessions, 0.3), draw(rand, 300, 0.05)).end) ended++;
    expect(ended / 1000).toBeGreaterThanOrEqual(0.99);
  });
});

describe('the evidence', () => {
  it('counts each shopper once per version, a failure sticks to them, notices are not evidence, and the window slides', () => {
    const e = new CanaryEvidence(60_000);
    e.record('mf-compare', 'v2', 'a', 'error', 0);
    e.record('mf-compare', 'v2', 'a', 'mount', 1_000);
    e.record('mf-compare', 'v2', 'a', 'mount', 2_000);
    e.record('mf-compare', 'v2', 'b', 'mount', 30_000);
    e.record('mf-compare', 'v2', 'c', 'notice', 30_000);
    expect(e.sample('mf-compare', 'v2', 30_000)).toEqual({ sessions: 2, failed: 1 });
    // 'a' was last seen at 2 s: gone from the window at 62.001 s; 'b' stays.
    expect(e.sample('mf-compare', 'v2', 62_001)).toEqual({ sessions: 1, failed: 0 });
    e.forget('mf-compare');
    expect(e.sample('mf-compare', 'v2', 62_001)).toEqual({ sessions: 0, failed: 0 });
  });
});

describe('a gateway judging a canary from its shoppers’ reports', () => {
  let up: Upstream;
  let gw: TestGateway;
  let live: string;
  let candidate: string;
  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url, { CANARY_MIN_SESSIONS: '20', RATE_LIMIT_WRITES: '100000' });
    live = await deploy(gw.store, 'mf-compare', fakeRemoteBuild('judged-live'), '1.0.0');
    candidate = await gw.store.publish('mf-compare', fakeRemoteBuild('judged-canary'), '2.0.0');
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });

  /** One shopper's page reporting how the compare region fared on a version. */
  const report = (version: string, kind: 'mount' | 'error') =>
    gw.app.inject({
      method: 'POST',
      url: PAGE_EVENTS_PATH,
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'sec-fetch-site': 'same-origin',
        cookie: `${CANARY_COOKIE}=${newShopperId()}`,
      },
      payload: JSON.stringify({ events: [{ type: 'region:health', remote: 'mf-compare', kind, version } satisfies PageEvent] }),
    });

  it('leaves a canary as healthy as live running', async () => {
    await gw.store.startCanary('mf-compare', candidate, 50);
    for (let i = 0; i < 40; i++) {
      expect((await report(live, i % 20 === 0 ? 'error' : 'mount')).statusCode).toBe(202);
      expect((await report(candidate, i % 20 === 0 ? 'error' : 'mount')).statusCode).toBe(202);
    }
    expect(gw.store.read().remotes['mf-compare'].canary?.version).toBe(candidate);
    await gw.store.abortCanary('mf-compare');
  });

  it('ends a canary whose shoppers fail by itself once both sides have the minimum, and the history says why', async () => {
    await gw.store.startCanary('mf-compare', candidate, 50);
    for (let i = 0; i < 19; i++) {
      await report(live, 'mount');
      await report(candidate, 'error');
    }
    // 19 shoppers each: not judged yet.
    expect(gw.store.read().remotes['mf-compare'].canary?.version).toBe(candidate);
    await report(live, 'mount');
    await report(candidate, 'error');
    expect(gw.store.read().remotes['mf-compare'].canary).toBeUndefined();
    const last = (await gw.store.history('mf-compare')).at(-1)!;
    expect([last.action, last.version, last.by]).toEqual(['abort', candidate, 'gateway']);
    expect(last.why).toContain('canary failing for 100.0 % (20 of 20 shoppers), live 0.0 % (0 of 20 shoppers)');
  });
});
