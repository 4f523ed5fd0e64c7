/**
 * Deploys remotes and the shell into the gateway's registry (no rebuild of anything else, no
 * gateway restart). <remote> is one of the six remotes or 'shell'; 'all' is every one of them.
 *   deploy publish <remote> [--dist DIR] [--no-switch] [--force]
 *       copy a build to a new version path and switch to it. The deploy gates (registry/gates.ts)
 *       refuse it with a one-line reason: files that do not match their integrity hashes, a bus
 *       contract incompatible with a live build, first-load JavaScript over 20 % above the live
 *       version, server code that does not render (the smoke render, registry/smoke.ts). --force
 *       overrides the contract and size gates only, and is recorded.
 *   deploy switch <remote> <version>                     point the registry at a published version (rollback), once it smoke-renders
 *   deploy canary <remote> <version> --percent N         serve a published version to N % of shoppers (sticky per shopper), once it smoke-renders
 *   deploy promote <remote>                              make the canary the live version
 *   deploy abort <remote>                                end the canary: every shopper back on the live version
 *   deploy status [<remote>]                             live and canary versions
 *   deploy list [<remote>]                               show the registry, published versions and the deploy history
 * Every change is kept in the history with who made it (DEPLOY_BY, else the user) and why (--why "...").
 * GATEWAY_DATA_DIR selects the data directory (default gateway/.data), where published files go;
 * with REDIS_URL the registry and history are the Redis every gateway shares (registry/redis.ts),
 * and a command fails with a one-line reason, changing nothing, when that Redis cannot be reached.
 */
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { canaryChecked, deployBuild, switchChecked } from './registry/deploy';
import { describeHealth, healthOf } from './region-health';
import { isolateOptions } from './ssr/isolates';
import { DEPLOYABLES } from './registry/store';
import { openRegistry } from './registry/open';

const repoRoot = path.resolve(__dirname, '..', '..');

async function main(argv: string[]) {
  const config = loadConfig();
  // With REDIS_URL, the registry every gateway shares; a command fails at once when it is away.
  const store = await openRegistry(config, { failFast: true });
  // A build is smoke-rendered as a live gateway with this configuration would render it.
  const isolate = isolateOptions(config);
  const [cmd, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const valued = ['--dist', '--percent', '--why'];
  const positional = rest.filter((a, i) => !a.startsWith('--') && !valued.includes(rest[i - 1] ?? ''));
  const who = { by: process.env.DEPLOY_BY || os.userInfo().username, why: flag('--why') };
  switch (cmd) {
    case 'publish': {
      const names = positional[0] === 'all' || positional.length === 0 ? [...DEPLOYABLES] : positional;
      for (const name of names) {
        const dist = flag('--dist') ? path.resolve(flag('--dist')!) : path.join(repoRoot, name, 'dist');
        const force = rest.includes('--force');
        const version = await deployBuild(store, name, dist, {
          baseVersion: process.env.BUILD_VERSION || '1.0.0',
          force,
          switch: !rest.includes('--no-switch'),
          isolate,
          ...who,
        });
        console.log(`${name}@${version}${rest.includes('--no-switch') ? ' published' : ' published and live'}`);
      }
      return;
    }
    case 'switch': {
      const [name, version] = positional;
      await switchChecked(store, name, version, { isolate, ...who });
      console.log(`${name} -> ${version}`);
      return;
    }
    case 'canary': {
      const [name, version] = positional;
      const percent = Number(flag('--percent'));
      if (!name || !version || !Number.isFinite(percent)) throw new Error('usage: deploy canary <remote> <version> --percent N');
      await canaryChecked(store, name, version, percent, { isolate, ...who });
      console.log(`${name}@${version} serves ${percent} % of shoppers (live ${store.read().remotes[name].version})`);
      return;
    }
    case 'promote': {
      const [name] = positional;
      console.log(`${name} -> ${await store.promote(name, who)} (promoted)`);
      return;
    }
    case 'abort': {
      const [name] = positional;
      const ended = await store.abortCanary(name, who);
      console.log(`${name}: canary ${ended} ended; every shopper on ${store.read().remotes[name].version}`);
      return;
    }
    case 'status': {
      const reg = store.read();
      // The figures of a running gateway (its /metrics, summed over its processes), when one answers.
      const url = process.env.GATEWAY_URL || `http://127.0.0.1:${process.env.PORT || 8080}`;
      const text = await fetch(`${url}/metrics`, {
        headers: config.opsToken ? { authorization: `Bearer ${config.opsToken}` } : {},
        signal: AbortSignal.timeout(3000),
      }).then(
        (r) => (r.ok ? r.text() : null),
        () => null,
      );
      const health = text === null ? null : healthOf(text);
      const figures = (name: string, version: string) =>
        name === 'shell' ? '' : ` [${health ? describeHealth(health.get(`${name}@${version}`)) : `no gateway answered at ${url}`}]`;
      for (const name of positional.length ? positional : DEPLOYABLES) {
        const entry = reg.remotes[name];
        if (!entry) {
          console.log(`${name}: live (none)`);
          continue;
        }
        const canary = entry.canary
          ? `; canary ${entry.canary.version} at ${entry.canary.percent} % since ${entry.canary.startedAt}${figures(name, entry.canary.version)}`
          : '';
        console.log(`${name}: live ${entry.version}${figures(name, entry.version)}${canary}`);
      }
      return;
    }
    case 'list': {
      const reg = store.read();
      for (const name of positional.length ? positional : DEPLOYABLES) {
        console.log(`${name}: live ${reg.remotes[name]?.version ?? '(none)'}; published ${store.versions(name).join(', ') || '(none)'}`);
        for (const r of await store.history(name)) {
          const forced = r.forced ? ' FORCED' : '';
          const overrode = r.overrode?.length ? ` (overrode: ${r.overrode.join('; ')})` : '';
          const share = r.percent !== undefined ? ` ${r.percent} %` : '';
          const by = r.by ? ` by ${r.by}` : '';
          const why = r.why ? `: ${r.why}` : '';
          console.log(`  ${r.at} ${r.action} ${r.version}${share} (was ${r.previous ?? 'none'})${forced}${overrode}${by}${why}`);
        }
      }
      return;
    }
    default:
      console.error(
        'usage: deploy publish <remote|all> [--dist DIR] [--no-switch] [--force] | deploy switch <remote> <version> | ' +
          'deploy canary <remote> <version> --percent N | deploy promote <remote> | deploy abort <remote> | deploy status [<remote>] | ' +
          'deploy list [<remote>]   (--why "..." is kept in the history)',
      );
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).then(
  // The smoke render's threads are gone; nothing else keeps the process.
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
