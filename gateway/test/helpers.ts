/**
 * Test harness: a real embedded upstream on an ephemeral 127.0.0.1 port (a small catalogue, its
 * own temp data dir), its fault switch, and gateways built against it with a temp data dir into
 * which the shell's real build (shell/dist: its scripts and the server container of the page
 * frame) is published. turbo builds the shell and the remotes before the gateway's tests.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildUpstream, CALL_NAMES } from '@cfs/upstream';
import { buildGateway, type Gateway } from '../src/app';
import { loadConfig, type GatewayConfig } from '../src/config';
import { ROUTES, withTimings, type RouteSpec } from '../src/proxy/route-table';
import { RegistryStore } from '../src/registry/store';
import { BUS_CONTRACT_FILE, INTEGRITY_FILE, listFiles, sri } from '../src/registry/gates';
import { BUS_CONTRACT } from '@cfs/contracts/bus-contract';
import { FIRST_LOAD_STATE_ID, SERVER_ENTRY_PATH, type FirstLoadState } from '@cfs/contracts';

export const LISTINGS = Number(process.env.UPSTREAM_LISTINGS || 3000);

export interface Fault {
  latencyMs?: number;
  status?: number;
  hang?: boolean;
  refuse?: boolean;
  times?: number;
}

export interface Upstream {
  app: FastifyInstance;
  url: string;
  fault(call: string, fault: Fault): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now (for a server a test starts on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The folders tmpDir made, removed after the test file that made them (each test file has its own
 * copy of this module): a suite's own cleanup may remove them sooner.
 */
const made = new Set<string>();
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
});

export function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cfs-gw-${prefix}-`));
  made.add(dir);
  return dir;
}

/** A folder holding a server container of this source (SERVER_ENTRY_PATH), for an isolate of its own (Isolates.forBuild). */
export function serverContainerDir(prefix: string, source: string): string {
  const dir = tmpDir(prefix);
  const entry = path.join(dir, SERVER_ENTRY_PATH);
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  fs.writeFileSync(entry, source);
  return dir;
}

export async function startUpstream(): Promise<Upstream> {
  const dataDir = tmpDir('upstream');
  const app = await buildUpstream({ listings: LISTINGS, dataDir, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    url,
    async fault(call, fault) {
      const res = await fetch(`${url}/__faults/${call}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      if (!res.ok) throw new Error(`fault ${call}: ${res.status} ${await res.text()}`);
    },
    async clearFaults() {
      await fetch(`${url}/__faults`, { method: 'DELETE' });
    },
    async close() {
      app.server.closeAllConnections();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** A workspace's build output (dist/), which the tests publish as a deploy would. */
export function builtDist(workspace: string): string {
  const dist = path.join(REPO_ROOT, workspace, 'dist');
  if (!fs.existsSync(path.join(dist, 'server', 'remoteEntry.js'))) {
    throw new Error(`${workspace} is not built (${dist}): run npm run build first`);
  }
  return dist;
}

/** Publishes and switches to a build, as `npm run deploy -w gateway -- publish` does. */
export async function deploy(store: RegistryStore, name: string, dist: string, baseVersion?: string): Promise<string> {
  const version = await store.publish(name, dist, baseVersion);
  await store.switch(name, version);
  return version;
}

/**
 * What a build made by @cfs/mf-build declares, for a hand-made or hand-edited test build: the bus
 * contract (the current one, unless it has its own) and the integrity hashes of its files as they
 * are now (one integrity.json for the whole folder). A build edited after this is a tampered one.
 */
export function declareBuild(dir: string, contract: unknown = BUS_CONTRACT): string {
  if (!fs.existsSync(path.join(dir, BUS_CONTRACT_FILE))) fs.writeFileSync(path.join(dir, BUS_CONTRACT_FILE), JSON.stringify(contract));
  for (const f of listFiles(dir).filter((f) => path.basename(f) === INTEGRITY_FILE)) fs.rmSync(path.join(dir, f));
  const files = Object.fromEntries(listFiles(dir).map((f) => [f, sri(fs.readFileSync(path.join(dir, f)))]));
  fs.writeFileSync(path.join(dir, INTEGRITY_FILE), JSON.stringify({ algorithm: 'sha384', files }));
  return dir;
}

/**
 * An expression for a remote's server code: the milliseconds of CPU its own thread has run (Linux's
 * /proc/thread-self/schedstat, first figure), not the process's, which every other thread adds to.
 * A region's budget counts its thread's own time, so a test render spends this.
 *
 * It reads through one fd into one buffer per thread (kept on the thread's globalThis), allocating
 * nothing per reading: a loop that allocated on every turn started garbage collections, and the
 * time its thread then waited for their helper threads (themselves waiting for a core on a busy
 * machine) counted as its own, tens of milliseconds under CI.
 */
export const OWN_CPU_MS = `(globalThis.__ownCpuMs ??= ((fs, buf, fd) => () => {
  const n = fs.readSync(fd, buf, 0, buf.length, 0);
  let ns = 0;
  for (let i = 0; i < n && buf[i] !== 32; i++) ns = ns * 10 + (buf[i] - 48);
  return ns / 1e6;
})(require('fs'), Buffer.alloc(64), require('fs').openSync('/proc/thread-self/schedstat', 'r')))()`;

/**
 * Code for the end of a remote build's server/remoteEntry.js that runs `code` before the remote's
 * own render, on every render: `ctx` (the render's context) and `renders` (the thread's count of
 * renders, this one included) are in scope.
 */
export const beforeRender = (code: string) =>
  `;(() => { const c = module.exports; let renders = 0; module.exports = { init: c.init, get: async (m) => { const f = await c.get(m); ` +
  `return () => { const mod = f(); return { ...mod, render: async (ctx) => { renders += 1; ${code} return mod.render(ctx); } }; }; } }; })();`;

/** A remote "build": enough for the registry to publish it and the page to preload it. */
export function fakeRemoteBuild(label: string): string {
  const dir = tmpDir(`remote-${label}`);
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, label }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${label} */`);
  return declareBuild(dir);
}

export interface TestGateway extends Gateway {
  config: GatewayConfig;
  close(): Promise<void>;
}

/** Short timings for breaker tests: no wall-time waits of 30 s, and no assertion on time. */
export const FAST = (r: RouteSpec): Partial<RouteSpec> => ({ timeoutMs: Math.min(r.timeoutMs, 400), resetMs: 250 });

export async function startGateway(
  upstreamUrl: string,
  env: Record<string, string> = {},
  opts: { routes?: RouteSpec[] } = {},
): Promise<TestGateway> {
  const dataDir = tmpDir('data');
  await deploy(new RegistryStore(dataDir), 'shell', builtDist('shell'));
  const config = loadConfig({
    UPSTREAM_URL: upstreamUrl,
    GATEWAY_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const gw = await buildGateway(config, { logger: false, routes: opts.routes ?? withTimings(ROUTES, {}), defaultMetrics: false });
  return {
    ...gw,
    config,
    async close() {
      await gw.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The upstream's fault-switch name of a table entry (its method and path on the upstream). */
export function faultName(route: RouteSpec): string | null {
  return CALL_NAMES[`${route.upstreamMethod ?? route.method} ${route.upstreamPath}`] ?? null;
}

/** Waits for a breaker event (the breaker's own reset timer drives half-open). */
export function once(emitter: { once(e: string, f: () => void): unknown }, event: string): Promise<void> {
  return new Promise((resolve) => emitter.once(event, () => resolve()));
}

/** A person's browser, as the page tells people from bots. */
export const PERSON = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36' };

/** The first-load state a page carries. */
export function firstLoadState(html: string): FirstLoadState & { browsingHistory?: unknown } {
  const m = new RegExp(`<script type="application/json" id="${FIRST_LOAD_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!m) throw new Error('no first-load state in the page');
  return JSON.parse(m[1]);
}

/**
 * A describe block's upstream and gateway, looked after: between its tests the upstream's faults
 * are cleared and every breaker is closed again; after them both stop.
 */
export function lookAfter(both: () => { up: Upstream; gw: TestGateway }): void {
  afterAll(async () => {
    const { up, gw } = both();
    await gw?.close();
    await up?.close();
  });
  afterEach(async () => {
    const { up, gw } = both();
    await up.clearFaults();
    for (const b of gw.client.breakers.values()) b.close();
  });
}

/**
 * A describe block's upstream and gateway (the gateway with `env` and `opts`): started before its
 * tests, handed to `set`, stopped after them.
 */
export function startAround(
  set: (both: { up: Upstream; gw: TestGateway }) => void,
  env: Record<string, string> = {},
  opts: { routes?: RouteSpec[] } = {},
): void {
  let both: { up: Upstream; gw: TestGateway } | undefined;
  beforeAll(async () => {
    const up = await startUpstream();
    both = { up, gw: await startGateway(up.url, env, opts) };
    set(both);
  });
  afterAll(async () => {
    await both?.gw.close();
    await both?.up.close();
  });
}
