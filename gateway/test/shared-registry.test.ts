/**
 * Two gateways and one Redis (registry/redis.ts): the registry, its history and the write rate
 * limit are shared; a change made through one gateway's deploy command, or by one gateway, is what
 * the other serves on its next page; with Redis gone both keep serving the registry they read
 * last, say so on /healthz, and deploy commands fail with a clear message.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@cfs/contracts';
import { buildGateway, type Gateway } from '../src/app';
import { loadConfig } from '../src/config';
import { ROUTES, withTimings } from '../src/proxy/route-table';
import { CANARY_COOKIE, inCanary, newShopperId } from '../src/registry/canary';
import { openRegistry } from '../src/registry/open';
import { SHELL, type RegistryStore } from '../src/registry/store';
import { PERSON, builtDist, declareBuild, deploy, firstLoadState, startUpstream, tmpDir, type Upstream } from './helpers';
import { startRedis, type TestRedis } from './redis-server';

const PAGE = '/cars-for-sale?listingType=USED';
const CLIENT = '203.0.113.7';

/** The server-rendered version of the results region. */
const serverVersion = (html: string) => /<div data-boundary="mf-results" data-version="([^"]+)" data-ssr="">/.exec(html)?.[1];

/** A write (a listing reported) from a client at `address`. */
const reportFrom = (gw: Gateway, address: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/account-api/report-listing',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ listingId: '700000001', reason: 'Wrong price' }),
  });

/** Runs the deploy command as an operator would, against the shared registry. */
function deployCli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, '..', 'src', 'deploy-cli.ts'), ...args],
      { env: { ...process.env, ...env, DEPLOY_BY: 'shared registry test' }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('a registry two gateways share through Redis', () => {
  let redis: TestRedis;
  let up: Upstream;
  let env: Record<string, string>;
  let operator: RegistryStore;
  const gateways: Gateway[] = [];
  let live: string;
  let candidate: string;

  const page = (gw: Gateway, shopper?: string) =>
    gw.app.inject({ url: PAGE, headers: { ...PERSON, ...(shopper ? { cookie: `${CANARY_COOKIE}=${shopper}` } : {}) } });
  /** Resolves on the gateway's next registry change (told by the channel, or read again). */
  const nextChange = (gw: Gateway) => new Promise<void>((resolve) => void gw.store.backend.onChange(resolve));

  beforeAll(async () => {
    redis = await startRedis();
    up = await startUpstream();
    const dataDir = tmpDir('shared-data');
    env = {
      UPSTREAM_URL: up.url,
      GATEWAY_DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `cfs-test-${process.pid}`,
      LOG_LEVEL: 'silent',
      SSR_BUDGET_MS: '1500',
      SSR_SHARED_ANSWERS_MS: '0',
    };
    const config = loadConfig(env);
    // Published into the shared folder, live in the shared registry (as `deploy publish all` does).
    operator = await openRegistry(config, { failFast: true });
    for (const name of [SHELL, ...REMOTE_NAMES]) await deploy(operator, name, builtDist(name));
    live = operator.read().remotes['mf-results'].version;
    // Another build of the results remote whose server container says another version.
    const other = tmpDir('shared-results');
    fs.cpSync(builtDist('mf-results'), other, { recursive: true });
    const server = path.join(other, 'server');
    for (const f of fs.readdirSync(server).filter((n) => n !== 'remoteEntry.js')) {
      const file = path.join(server, f);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('version: "1.0.0"', 'version: "2.0.0-shared"'));
    }
    declareBuild(other);
    env.CANDIDATE_DIST = other;
    for (let i = 0; i < 2; i++) {
      gateways.push(await buildGateway(config, { logger: false, routes: withTimings(ROUTES, {}), defaultMetrics: false }));
    }
  }, 120_000);

  afterAll(async () => {
    for (const gw of gateways) await gw.app.close();
    await operator?.backend.close();
    await up?.close();
    await redis?.stop();
  });

  it('serves what the shared registry says on both gateways', async () => {
    for (const gw of gateways) {
      expect(gw.store.backend.health()).toMatchObject({ store: 'redis', connected: true });
      const res = await page(gw);
      expect(res.statusCode).toBe(200);
      expect(serverVersion(res.body)).toBe('1.0.0');
      expect(firstLoadState(res.body).registry.remotes['mf-results'].version).toBe(live);
    }
  });

  it("takes a publish and switch made through the deploy command on the other gateway's next page, and keeps them in the shared history", async () => {
    const [a, b] = gateways;
    const published = await deployCli(env, 'publish', 'mf-results', '--dist', env.CANDIDATE_DIST, '--no-switch');
    expect(published).toMatchObject({ code: 0 });
    candidate = /mf-results@(\S+) published/.exec(published.out)![1];
    expect(serverVersion((await page(b)).body)).toBe('1.0.0');

    const changed = Promise.all([nextChange(a), nextChange(b)]);
    const switched = await deployCli(env, 'switch', 'mf-results', candidate, '--why', 'shared registry');
    expect(switched).toMatchObject({ code: 0, out: expect.stringContaining(`mf-results -> ${candidate}`) });
    await changed;
    for (const gw of [b, a]) expect(serverVersion((await page(gw)).body)).toBe('2.0.0-shared');
    const last = (await b.store.history('mf-results')).at(-1)!;
    expect(last).toMatchObject({
      action: 'switch',
      version: candidate,
      previous: live,
      by: 'shared registry test',
      why: 'shared registry',
    });

    const back = Promise.all([nextChange(a), nextChange(b)]);
    await operator.switch('mf-results', live);
    await back;
    for (const gw of gateways) expect(serverVersion((await page(gw)).body)).toBe('1.0.0');
  }, 120_000);

  it('applies a canary set through one gateway on both, to the same shoppers, and ends it on both', async () => {
    const [a, b] = gateways;
    let inside = newShopperId();
    while (!inCanary(inside, 'mf-results', 50)) inside = newShopperId();
    let outside = newShopperId();
    while (inCanary(outside, 'mf-results', 50)) outside = newShopperId();

    const started = nextChange(b);
    await a.store.startCanary('mf-results', candidate, 50, { by: 'gateway a' });
    await started;
    for (const gw of gateways) {
      expect(serverVersion((await page(gw, inside)).body)).toBe('2.0.0-shared');
      expect(serverVersion((await page(gw, outside)).body)).toBe('1.0.0');
    }
    // A second writer on a canary already ended is refused by the registry as it is now, not as it was.
    const ended = nextChange(a);
    await b.store.abortCanary('mf-results');
    await ended;
    await expect(a.store.abortCanary('mf-results')).rejects.toThrow('has no canary');
    for (const gw of gateways) expect(serverVersion((await page(gw, inside)).body)).toBe('1.0.0');
  });

  it("counts one client's writes on both gateways together: the 61st of 60 a minute is refused", async () => {
    const report = (gw: Gateway) => reportFrom(gw, CLIENT);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await report(gateways[i % 2])).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 201)).toBe(true);
    expect(codes[60]).toBe(429);
    // The other gateway refuses it too; another client, and this client's page events (a limit of their own), pass.
    expect((await report(gateways[1])).statusCode).toBe(429);
    expect((await reportFrom(gateways[0], '203.0.113.8')).statusCode).toBe(201);
  });

  it('with Redis gone, both keep serving the registry they read last and say so; deploy commands fail clearly; back, it heals', async () => {
    await redis.stop();
    // Each gateway learns of it from its connection closing.
    for (const gw of gateways) {
      while (gw.store.backend.health().connected) await new Promise((r) => setTimeout(r, 20));
    }
    for (const gw of gateways) {
      const res = await page(gw);
      expect(res.statusCode).toBe(200);
      expect(serverVersion(res.body)).toBe('1.0.0');
      const health = await gw.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({
        ok: true,
        registry: { store: 'redis', connected: false, lostSince: expect.any(String) },
      });
      const outside = await gw.app.inject({ url: '/healthz', remoteAddress: '198.51.100.1' });
      expect(outside.json()).toEqual({ ok: true, registry: 'stale: the shared registry cannot be reached' });
      // Writes are not refused for want of their counter.
      expect((await reportFrom(gw, '203.0.113.9')).statusCode).toBe(201);
    }
    const refused = await deployCli(env, 'switch', 'mf-results', candidate);
    expect(refused.code).toBe(1);
    expect(refused.out.trim()).toMatch(
      /^the shared registry \(Redis at redis:\/\/127\.0\.0\.1:\d+\/?\) cannot be reached: .*; nothing was changed$/,
    );
    // A change made inside a running gateway fails the same way, and changes nothing.
    await expect(gateways[0].store.abortCanary('mf-results')).rejects.toThrow(/cannot be reached/);

    // Redis back, empty (nothing was saved): the gateways keep their registry and write it back.
    await redis.start();
    for (const gw of gateways) {
      while (!gw.store.backend.health().connected) await new Promise((r) => setTimeout(r, 50));
      expect((await gw.app.inject({ url: '/healthz', remoteAddress: '198.51.100.1' })).json()).toEqual({ ok: true });
      expect(serverVersion((await page(gw)).body)).toBe('1.0.0');
    }
    const status = await deployCli(env, 'status', 'mf-results');
    expect(status).toMatchObject({ code: 0, out: expect.stringContaining(`mf-results: live ${live}`) });
  }, 120_000);
});
