/**
 * Deploy benchmark (`npm run bench -w gateway`): the time to ship one remote, in the steps a
 * deploy takes. Builds BENCH_DEPLOY_REMOTE (mf-compare) with its production webpack config into a
 * temp folder, publishes it into a temp data directory (the deploy gates included: integrity of
 * every file, bus contract against the live builds, first-load size against the live version),
 * then switches the registry between two published versions BENCH_DEPLOY_SWITCHES (20) times.
 *
 * Prints: build, publish (gates + copy), build + publish, and switch (median and slowest), each
 * beside its goal (build + publish <= 30 s, switch <= 1 s); then one JSON line. Asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RegistryStore } from '../src/registry/store';

const REMOTE = process.env.BENCH_DEPLOY_REMOTE || 'mf-compare';
const SWITCHES = Number(process.env.BENCH_DEPLOY_SWITCHES || 20);
const repoRoot = path.resolve(__dirname, '..', '..');

function timed<T>(fn: () => T): [T, number] {
  const t0 = process.hrtime.bigint();
  const value = fn();
  return [value, Number(process.hrtime.bigint() - t0) / 1e6];
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-deploy-bench-'));
  try {
    const dist = path.join(tmp, 'dist');
    const [, buildMs] = timed(() =>
      execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
        cwd: path.join(repoRoot, REMOTE),
        env: { ...process.env, BUILD_OUT_DIR: dist },
        stdio: 'pipe',
      }),
    );
    const store = new RegistryStore(path.join(tmp, 'data'));
    const [first, publishMs] = timed(() => store.publish(REMOTE, dist));
    const [, firstSwitchMs] = timed(() => store.switch(REMOTE, first));
    // A second version to switch between (same files, another version path).
    const second = store.publish(REMOTE, dist, { baseVersion: '2.0.0' });
    const switches: number[] = [];
    for (let i = 0; i < SWITCHES; i++) switches.push(timed(() => store.switch(REMOTE, i % 2 ? first : second))[1]);
    switches.sort((a, b) => a - b);
    const median = switches[Math.floor(switches.length / 2)];
    const slowest = switches[switches.length - 1];

    console.log(`deploy of ${REMOTE} (${fs.readdirSync(dist).length} files in the build)`);
    console.log(`  build                 ${ms(buildMs)}`);
    console.log(`  publish (gates, copy) ${ms(publishMs)}`);
    console.log(`  build + publish       ${ms(buildMs + publishMs)}   goal <= 30 s`);
    console.log(
      `  switch                first ${ms(firstSwitchMs)}, median ${ms(median)}, slowest ${ms(slowest)} of ${SWITCHES}   goal <= 1 s`,
    );
    console.log(
      JSON.stringify({
        bench: 'deploy',
        remote: REMOTE,
        buildMs,
        publishMs,
        buildAndPublishMs: buildMs + publishMs,
        switchMedianMs: median,
        switchMaxMs: slowest,
      }),
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main();
