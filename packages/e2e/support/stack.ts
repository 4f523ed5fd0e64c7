/** Starts support/servers.ts in a child process and publishes the built remotes into its registry. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { DEPLOYABLES, RegistryStore } from 'gateway/src/registry/store';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export interface Stack {
  gatewayUrl: string;
  upstreamUrl: string;
  hangUrl: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Publishes the shell's and every remote's dist/ (built by `turbo run build`) into a fresh data dir. */
export function publishAll(dataDir: string): RegistryStore {
  const store = new RegistryStore(dataDir);
  for (const name of DEPLOYABLES) {
    const dist = path.join(REPO_ROOT, name, 'dist');
    if (!fs.existsSync(path.join(dist, 'server', 'remoteEntry.js'))) {
      throw new Error(`${name} is not built: run npm run build first`);
    }
    store.switch(name, store.publish(name, dist));
  }
  return store;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-e2e-'));
  publishAll(path.join(dataDir, 'gateway'));
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'servers.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      GATEWAY_DATA_DIR: path.join(dataDir, 'gateway'),
      UPSTREAM_DATA_DIR: path.join(dataDir, 'upstream'),
      ...env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`servers exited with ${code}`)));
  });
  const urls = JSON.parse(line) as { gatewayUrl: string; upstreamUrl: string; hangUrl: string };
  return {
    ...urls,
    dataDir,
    child,
    async stop() {
      child.stdin?.end();
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r(null);
        }, 5000);
        child.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds a remote (or a fixture remote) into outDir with webpack, without touching its dist/. */
export function buildRemote(dir: string, outDir: string, env: Record<string, string> = {}) {
  execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: dir,
    env: { ...process.env, BUILD_OUT_DIR: outDir, ...env },
    stdio: 'inherit',
  });
}
