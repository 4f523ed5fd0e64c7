/** Starts support/servers.ts in a child process and publishes the built remotes into its registry. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { DEPLOYABLES, RegistryStore } from 'gateway';

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
export async function publishAll(dataDir: string): Promise<RegistryStore> {
  const store = new RegistryStore(dataDir);
  for (const name of DEPLOYABLES) {
    const dist = path.join(REPO_ROOT, name, 'dist');
    if (!fs.existsSync(path.join(dist, 'server', 'remoteEntry.js'))) {
      throw new Error(`${name} is not built: run npm run build first`);
    }
    await store.switch(name, await store.publish(name, dist));
  }
  return store;
}

export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-e2e-'));
  await publishAll(path.join(dataDir, 'gateway'));
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
/**
 * A copy of the repository's sources with some files changed, as another team's checkout would be:
 * the root manifests, every workspace package under packages/ and the named apps, each without its
 * node_modules, dist or caches. Third-party dependencies are the repository's own (linked); the
 * workspace packages resolve to the copies, so a build made in it bundles the changed sources.
 * Returns the copy's root; the caller removes it.
 */
export function checkoutWith(apps: string[], changes: Record<string, (text: string) => string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-checkout-'));
  const skip = new Set(['node_modules', 'dist', '.turbo', 'test-results']);
  const copy = (rel: string) =>
    fs.cpSync(path.join(REPO_ROOT, rel), path.join(root, rel), { recursive: true, filter: (src) => !skip.has(path.basename(src)) });
  for (const file of ['package.json', ...fs.readdirSync(REPO_ROOT).filter((f) => /^tsconfig\..*\.json$/.test(f))]) copy(file);
  const packages = fs
    .readdirSync(path.join(REPO_ROOT, 'packages'))
    .filter((d) => fs.existsSync(path.join(REPO_ROOT, 'packages', d, 'package.json')));
  for (const dir of [...packages.map((d) => `packages/${d}`), ...apps]) copy(dir);
  for (const [rel, change] of Object.entries(changes)) {
    const file = path.join(root, rel);
    const before = fs.readFileSync(file, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`checkoutWith: the change to ${rel} changed nothing`);
    fs.writeFileSync(file, after);
  }
  // node_modules: every third-party entry linked to the repository's, the workspaces to the copies.
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(path.join(modules, '@cfs'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
    if (entry === '@cfs' || entry === '.bin') continue;
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const dir of packages) {
    const { name } = JSON.parse(fs.readFileSync(path.join(root, 'packages', dir, 'package.json'), 'utf8')) as { name: string };
    if (name.startsWith('@cfs/')) fs.symlinkSync(path.join(root, 'packages', dir), path.join(modules, name));
  }
  return root;
}

export function buildRemote(dir: string, outDir: string, env: Record<string, string> = {}) {
  execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: dir,
    env: { ...process.env, BUILD_OUT_DIR: outDir, ...env },
    stdio: 'inherit',
  });
}
