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
 *   deploy list [<remote>]                               show the registry, published versions and the deploy history
 * GATEWAY_DATA_DIR selects the data directory (default gateway/.data).
 */
import path from 'node:path';
import { loadConfig } from './config';
import { deployBuild, switchChecked } from './registry/deploy';
import { isolateOptions } from './ssr/isolates';
import { DEPLOYABLES, RegistryStore } from './registry/store';

const repoRoot = path.resolve(__dirname, '..', '..');

async function main(argv: string[]) {
  const config = loadConfig();
  const store = new RegistryStore(config.dataDir);
  // A build is smoke-rendered as a live gateway with this configuration would render it.
  const isolate = isolateOptions(config);
  const [cmd, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const positional = rest.filter((a, i) => !a.startsWith('--') && !(rest[i - 1] ?? '').startsWith('--dist'));
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
        });
        console.log(`${name}@${version}${rest.includes('--no-switch') ? ' published' : ' published and live'}`);
      }
      return;
    }
    case 'switch': {
      const [name, version] = positional;
      await switchChecked(store, name, version, { isolate });
      console.log(`${name} -> ${version}`);
      return;
    }
    case 'list': {
      const reg = store.read();
      for (const name of positional.length ? positional : DEPLOYABLES) {
        console.log(`${name}: live ${reg.remotes[name]?.version ?? '(none)'}; published ${store.versions(name).join(', ') || '(none)'}`);
        for (const r of store.history(name)) {
          const forced = r.forced ? ' FORCED' : '';
          const overrode = r.overrode?.length ? ` (overrode: ${r.overrode.join('; ')})` : '';
          console.log(`  ${r.at} ${r.action} ${r.version} (was ${r.previous ?? 'none'})${forced}${overrode}`);
        }
      }
      return;
    }
    default:
      console.error(
        'usage: deploy publish <remote|all> [--dist DIR] [--no-switch] [--force] | deploy switch <remote> <version> | deploy list [<remote>]',
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
