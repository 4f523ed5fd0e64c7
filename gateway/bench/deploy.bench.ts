/**
 * Deploy benchmark (`npm run bench -w gateway`): the time to ship one remote, in the steps a
 * deploy takes. Builds BENCH_DEPLOY_REMOTE (mf-compare) with its production webpack config into a
 * temp folder and publishes it into a temp data directory as `deploy publish` does (every gate:
 * integrity of every file, bus contract against the live builds, first-load size against the live
 * version, and the smoke render of its server code in an isolate), then switches the registry
 * between two published versions BENCH_DEPLOY_SWITCHES (20) times; and measures how long a switch
 * and a canary change take to reach two running gateways sharing that registry (each asked for
 * its registry until it names the new version): the file registry of one machine, then, where
 * Debian's `redis-server` is installed, a registry in Redis (a server of the bench's own on a free
 * 127.0.0.1 port, as with REDIS_URL), the changes made by a third client as the deploy command
 * makes them.
 *
 * Prints: build, publish (gates, smoke render, copy), build + publish, switch (median and
 * slowest), and time to effect on each gateway, each beside its goal (build + publish <= 10 s,
 * switch and its effect <= 1 s); then one JSON line. Asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildGateway, type Gateway } from '../src/app';
import { loadConfig, type GatewayConfig } from '../src/config';
import { openRegistry } from '../src/registry/open';
import { startRedis, type TestRedis } from '../test/redis-server';
import { CANARY_COOKIE, newShopperId } from '../src/registry/canary';
import { deployBuild } from '../src/registry/deploy';
import { RegistryStore } from '../src/registry/store';
import { isolateOptions } from '../src/ssr/isolates';

const REMOTE = process.env.BENCH_DEPLOY_REMOTE || 'mf-compare';
const SWITCHES = Number(process.env.BENCH_DEPLOY_SWITCHES || 20);
const repoRoot = path.resolve(__dirname, '..', '..');

async function timed<T>(fn: () => T | Promise<T>): Promise<[T, number]> {
  const t0 = process.hrtime.bigint();
  const value = await fn();
  return [value, Number(process.hrtime.bigint() - t0) / 1e6];
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

/** Milliseconds until `ask` says yes (asked back to back), or Infinity after 10 s. */
async function until(ask: () => Promise<boolean>): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < 10_000) if (await ask()) return performance.now() - t0;
  return Infinity;
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-deploy-bench-'));
  try {
    const dist = path.join(tmp, 'dist');
    const [, buildMs] = await timed(() =>
      execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
        cwd: path.join(repoRoot, REMOTE),
        env: { ...process.env, BUILD_OUT_DIR: dist },
        stdio: 'pipe',
      }),
    );
    const dataDir = path.join(tmp, 'data');
    const config = loadConfig({ GATEWAY_DATA_DIR: dataDir, UPSTREAM_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' });
    const store = new RegistryStore(dataDir);
    const t0 = performance.now();
    const first = await deployBuild(store, REMOTE, dist, { switch: false, isolate: isolateOptions(config) });
    const publishMs = performance.now() - t0;
    const [, firstSwitchMs] = await timed(() => store.switch(REMOTE, first));
    // A second version to switch between (same files, another version path).
    const second = await store.publish(REMOTE, dist, { baseVersion: '2.0.0' });
    const switches: number[] = [];
    for (let i = 0; i < SWITCHES; i++) switches.push((await timed(() => store.switch(REMOTE, i % 2 ? first : second)))[1]);
    switches.sort((a, b) => a - b);
    const median = switches[Math.floor(switches.length / 2)];
    const slowest = switches[switches.length - 1];

    const effects = [{ registry: 'file', effects: await timeToEffect(store, config, first, second) }];
    let redis: TestRedis | null = null;
    try {
      redis = await startRedis();
    } catch (err) {
      console.log(`  (no Redis measured: ${(err as Error).message})`);
    }
    if (redis) {
      try {
        const shared = { ...config, redisUrl: redis.url, redisPrefix: 'cfs-bench' };
        const operator = await openRegistry(shared, { failFast: true });
        await operator.switch(REMOTE, first);
        effects.push({ registry: 'redis', effects: await timeToEffect(operator, shared, first, second) });
        await operator.backend.close();
      } finally {
        await redis.stop();
      }
    }

    console.log(`deploy of ${REMOTE} (${fs.readdirSync(dist).length} files in the build)`);
    console.log(`  build                              ${ms(buildMs)}`);
    console.log(`  publish (gates, smoke render, copy) ${ms(publishMs)}`);
    console.log(`  build + publish                    ${ms(buildMs + publishMs)}   goal <= 10 s`);
    console.log(
      `  switch                first ${ms(firstSwitchMs)}, median ${ms(median)}, slowest ${ms(slowest)} of ${SWITCHES}   goal <= 1 s`,
    );
    for (const { registry, effects: byGateway } of effects) {
      for (const [g, xs] of byGateway.entries()) {
        console.log(
          `  time to effect, ${registry} registry, gateway ${g + 1}: median ${ms(xs[Math.floor(xs.length / 2)])}, slowest ${ms(xs[xs.length - 1])} of ${xs.length} switches and canary changes   goal <= 1 s`,
        );
      }
    }
    console.log(
      JSON.stringify({
        bench: 'deploy',
        remote: REMOTE,
        buildMs,
        publishMs,
        buildAndPublishMs: buildMs + publishMs,
        switchMedianMs: median,
        switchMaxMs: slowest,
        effectMaxMs: Object.fromEntries(effects.map((e) => [e.registry, e.effects.map((xs) => xs[xs.length - 1])])),
      }),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Two gateways on `store`'s registry: for 10 rounds, a switch and then a canary taking every
 * shopper (then ended), each made through `store`; per gateway, how long until its registry names
 * what the change says (sorted).
 */
async function timeToEffect(store: RegistryStore, config: GatewayConfig, first: string, second: string): Promise<number[][]> {
  const gateways: Gateway[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const gw = await buildGateway(config, { logger: false, defaultMetrics: false });
      await gw.app.listen({ port: 0, host: '127.0.0.1' });
      gateways.push(gw);
    }
    const urls = gateways.map((g) => `http://127.0.0.1:${(g.app.server.address() as AddressInfo).port}/cars-for-sale/registry.json`);
    const shopper = newShopperId();
    const names = (url: string, version: string) => async () => {
      const res = await fetch(url, { headers: { cookie: `${CANARY_COOKIE}=${shopper}` } });
      return ((await res.json()) as { remotes: Record<string, { version: string }> }).remotes[REMOTE]?.version === version;
    };
    const effect: number[][] = urls.map(() => []);
    for (let i = 0; i < 10; i++) {
      const target = store.read().remotes[REMOTE].version === first ? second : first;
      await store.switch(REMOTE, target);
      for (const [g, url] of urls.entries()) effect[g].push(await until(names(url, target)));
      // A canary taking every shopper, then ended.
      const other = target === first ? second : first;
      await store.startCanary(REMOTE, other, 100);
      for (const [g, url] of urls.entries()) effect[g].push(await until(names(url, other)));
      await store.abortCanary(REMOTE);
    }
    return effect.map((xs) => [...xs].sort((a, b) => a - b));
  } finally {
    await Promise.all(gateways.map((g) => g.app.close()));
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
