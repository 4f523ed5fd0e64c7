/**
 * Deploy gates on a real remote build (mf-compare, built once into a temp folder by the same
 * webpack config a deploy uses): files against their integrity hashes, the bus contract against
 * the live builds', first-load JavaScript against the live version, the page's first load (the
 * workspace's own shell, results and reference builds) against its budget; --force and the
 * history; the registry carrying each entry's integrity. The CLI is run as `npm run deploy` runs it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { BUS_CONTRACT, type BusContract } from '@cfs/contracts/bus-contract';
import { DeployRefused, RegistryStore } from '../src/registry/store';
import { registryRoutes } from '../src/registry/routes';
import {
  BUS_CONTRACT_FILE,
  PAGE_FIRST_LOAD_LIMIT,
  PAGE_FIRST_LOAD_SLACK,
  firstLoadBytes,
  pageFirstLoadBytes,
  pageFirstLoadProblem,
  sri,
} from '../src/registry/gates';
import { REPO_ROOT, builtDist, declareBuild, deploy, tmpDir as makeTmpDir } from './helpers';

const REMOTE = 'mf-compare';
let built: string;
const created: string[] = [];
function tmpDir(prefix: string): string {
  const dir = makeTmpDir(prefix);
  created.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

beforeAll(() => {
  built = tmpDir('gates-build');
  execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: path.join(REPO_ROOT, REMOTE),
    env: { ...process.env, BUILD_OUT_DIR: built },
    stdio: 'pipe',
  });
}, 180_000);

/** A copy of the real build, changed by `edit` and declared again as its build would declare it. */
function variant(label: string, edit: (dir: string) => void): string {
  const dir = tmpDir(`gates-${label}`);
  fs.cpSync(built, dir, { recursive: true });
  edit(dir);
  return declareBuild(dir);
}

/** A build made against another bus contract: the listing of compare:add has its year as a string. */
function retypedContract(dir: string) {
  const contract: BusContract = JSON.parse(JSON.stringify(BUS_CONTRACT));
  (contract.events['compare:add'].listing as { object: Record<string, unknown> }).object.year = 'string';
  fs.writeFileSync(path.join(dir, BUS_CONTRACT_FILE), JSON.stringify(contract));
}

/** About 40 KB of gzip bytes more in remoteEntry.js (random text does not compress). */
function grownEntry(dir: string) {
  fs.appendFileSync(path.join(dir, 'remoteEntry.js'), `\n/* ${crypto.randomBytes(40_000).toString('base64')} */\n`);
}

async function refusal(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DeployRefused);
    return (err as Error).message;
  }
  throw new Error('expected the publish to be refused');
}

describe('deploy gates (RegistryStore)', () => {
  let store: RegistryStore;
  beforeEach(() => {
    store = new RegistryStore(tmpDir('gates-data'));
  });

  it('publishes the real build, and the registry carries the SRI hash of its entry script', async () => {
    const v = await store.publish(REMOTE, built);
    await store.switch(REMOTE, v);
    const expected = sri(fs.readFileSync(path.join(built, 'remoteEntry.js')));
    expect(store.toRegistry().remotes[REMOTE]).toEqual({
      version: v,
      manifest: `/cars-for-sale/remotes/${REMOTE}/${v}/mf-manifest.json`,
      integrity: expected,
    });
    const app = Fastify();
    await app.register(registryRoutes, { store, mode: 'production' });
    expect((await app.inject('/cars-for-sale/registry.json')).json().remotes[REMOTE].integrity).toBe(expected);
    // The file served under that hash is the one hashed.
    const served = await app.inject(`/cars-for-sale/remotes/${REMOTE}/${v}/remoteEntry.js`);
    expect(sri(served.rawPayload)).toBe(expected);
    await app.close();
  });

  it('refuses a build with a tampered chunk, even with --force, and publishes nothing', async () => {
    const dir = tmpDir('gates-tampered');
    fs.cpSync(built, dir, { recursive: true });
    const chunk = fs.readdirSync(dir).find((f) => /^[\w-]+\.[0-9a-f]{10}\.js$/.test(f))!;
    fs.appendFileSync(path.join(dir, chunk), '\n;window.__injected = 1;\n');
    for (const force of [false, true]) {
      const message = await refusal(() => store.publish(REMOTE, dir, { force }));
      expect(message).toBe(`${REMOTE}: refused: ${chunk} does not match its integrity hash`);
      expect(message).not.toContain('\n');
    }
    expect(store.versions(REMOTE)).toEqual([]);
    expect(await store.history(REMOTE)).toEqual([]);
  });

  it('refuses a build with a file it declares no hash for, and one that declares none', async () => {
    const extra = tmpDir('gates-extra');
    fs.cpSync(built, extra, { recursive: true });
    fs.writeFileSync(path.join(extra, 'extra.js'), 'alert(1)');
    expect(await refusal(() => store.publish(REMOTE, extra))).toContain('refused: extra.js has no integrity hash');
    fs.rmSync(path.join(extra, 'integrity.json'));
    fs.rmSync(path.join(extra, 'server', 'integrity.json'));
    expect(await refusal(() => store.publish(REMOTE, extra))).toContain('refused: declares no integrity hashes');
  });

  it('refuses a bus contract incompatible with a live build, unless forced; a forced publish is recorded', async () => {
    const live = await store.publish(
      'mf-results',
      variant('results', () => {}),
    );
    await store.switch('mf-results', live);
    const candidate = variant('contract', retypedContract);
    expect(await refusal(() => store.publish(REMOTE, candidate))).toBe(
      `${REMOTE}: refused: bus contract incompatible with live mf-results@${live}: event 'compare:add'.listing.year changed number -> string (--force to publish anyway)`,
    );
    expect(store.versions(REMOTE)).toEqual([]);

    const forced = await store.publish(REMOTE, candidate, { force: true });
    await store.switch(REMOTE, forced, { force: true });
    expect(await store.history(REMOTE)).toEqual([
      expect.objectContaining({
        action: 'publish',
        version: forced,
        previous: null,
        forced: true,
        overrode: [expect.stringContaining('bus contract incompatible')],
      }),
      expect.objectContaining({ action: 'switch', version: forced, previous: null, forced: true }),
    ]);
    // The other direction too: a live build made against the retyped contract refuses the current one.
    expect(
      await refusal(() =>
        store.publish(
          'mf-alerts',
          variant('alerts', () => {}),
        ),
      ),
    ).toContain(`bus contract incompatible with live ${REMOTE}@${forced}: event 'compare:add'.listing.year changed string -> number`);
  });

  it('refuses first-load JavaScript more than 20 % over the live version, unless forced', async () => {
    const live = await store.publish(REMOTE, built);
    await store.switch(REMOTE, live);
    const bigger = variant('bigger', grownEntry);
    const before = firstLoadBytes(built, false)!;
    const after = firstLoadBytes(bigger, false)!;
    expect(after / before).toBeGreaterThan(1.2);
    const message = await refusal(() => store.publish(REMOTE, bigger));
    expect(message).toMatch(
      new RegExp(
        `^${REMOTE}: refused: first-load JavaScript grew \\d+\\.\\d % over live ${live} \\(${before} -> ${after} gzip bytes; limit 20 %\\) \\(--force to publish anyway\\)$`,
      ),
    );
    const forced = await store.publish(REMOTE, bigger, { force: true });
    expect((await store.history(REMOTE)).at(-1)).toEqual(
      expect.objectContaining({ action: 'publish', version: forced, previous: live, forced: true }),
    );
    // Growth within the budget passes.
    const slightly = variant('slightly', (dir) => fs.appendFileSync(path.join(dir, 'remoteEntry.js'), '\n/* a comment */\n'));
    await expect(store.publish(REMOTE, slightly)).resolves.toEqual(expect.any(String));
  });

  it('counts remoteEntry.js and the initial chunks of the exposed lifecycles', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(built, 'mf-manifest.json'), 'utf8'));
    const sync: string[] = manifest.exposes.find((e: { path: string }) => e.path === './lifecycles').assets.js.sync;
    expect(sync.length).toBeGreaterThan(0);
    const grownChunk = variant('chunk', (dir) =>
      fs.appendFileSync(path.join(dir, sync[0]), `/* ${crypto.randomBytes(1000).toString('base64')} */`),
    );
    expect(firstLoadBytes(grownChunk, false)).toBeGreaterThan(firstLoadBytes(built, false)!);
    const asyncOnly = fs.readdirSync(built).find((f) => f.endsWith('.js') && f !== 'remoteEntry.js' && !sync.includes(f))!;
    const grownOther = variant('other', (dir) =>
      fs.appendFileSync(path.join(dir, asyncOnly), `/* ${crypto.randomBytes(1000).toString('base64')} */`),
    );
    expect(firstLoadBytes(grownOther, false)).toBe(firstLoadBytes(built, false));
  });
});

describe("the page-level check: the page's first-load JavaScript", () => {
  const shellDist = () => builtDist('shell');
  const manifest = () =>
    JSON.parse(fs.readFileSync(path.join(shellDist(), 'asset-manifest.json'), 'utf8')) as {
      entries: Record<string, string[]>;
      firstLoad: { scripts: string[]; regions: string[]; hydrating: string[]; provided: string[] };
    };
  /** A copy of the shell's build whose results region hydrates at once again (its asset manifest says so), declared anew. */
  const withHydratingResults = () => {
    const dir = tmpDir('shell-hydrating');
    fs.cpSync(shellDist(), dir, { recursive: true });
    const m = manifest();
    m.firstLoad.hydrating = ['mf-results'];
    fs.writeFileSync(path.join(dir, 'asset-manifest.json'), JSON.stringify(m, null, 2));
    declareBuild(dir);
    return dir;
  };
  const gzipOf = (dir: string, f: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length;

  it("the shell's build declares what a phone loads before the shopper does anything", () => {
    const { entries, firstLoad } = manifest();
    // Its entry scripts, and the chunks its start loads unasked: the bootstrap and the React-free shared libraries.
    expect(firstLoad.scripts).toEqual(expect.arrayContaining([...entries.shell, ...entries.start]));
    expect(firstLoad.scripts.length).toBeGreaterThan(entries.shell.length + entries.start.length);
    expect(firstLoad.scripts.some((f) => /^kit\./.test(f))).toBe(true);
    // The React family it provides is not its start's: a region that hydrates loads it.
    expect(firstLoad.scripts.some((f) => /^react\./.test(f))).toBe(false);
    expect(firstLoad.provided).toEqual([expect.stringMatching(/^react\.[0-9a-f]+\.js$/)]);
    // Chunks loaded when the shopper asks (a named import()) are not.
    expect(firstLoad.scripts.some((f) => /^(hero-assistant|fixed-ad)\./.test(f))).toBe(false);
    // The results region's code that awaits the shopper loads with the page; no region hydrates at once (regions.ts).
    expect(firstLoad.regions).toEqual(['mf-results']);
    expect(firstLoad.hydrating).toEqual([]);
  });

  it("sums the shell's start scripts and the first load of each remote whose code loads with the page; the React family when one hydrates at once", () => {
    const { firstLoad } = manifest();
    const dirs: Record<string, string> = { 'mf-results': builtDist('mf-results') };
    const expected = firstLoad.scripts.reduce((n, f) => n + gzipOf(shellDist(), f), 0) + firstLoadBytes(dirs['mf-results'], false)!;
    expect(pageFirstLoadBytes(shellDist(), (n) => dirs[n] ?? null)).toBe(expected);
    const hydrating = withHydratingResults();
    expect(pageFirstLoadBytes(hydrating, (n) => dirs[n] ?? null)).toBe(expected + gzipOf(shellDist(), firstLoad.provided[0]));
    // A region's build missing (not published yet): nothing to say.
    expect(pageFirstLoadBytes(shellDist(), () => null)).toBeNull();
    expect(pageFirstLoadBytes(null, (n) => dirs[n] ?? null)).toBeNull();
  });

  it('is a ratchet: within the limit a page may grow up to it; over it, a page may not grow', () => {
    const KB = 1024;
    expect(PAGE_FIRST_LOAD_LIMIT).toBe(120 * KB);
    expect(pageFirstLoadProblem(110 * KB, 90 * KB)).toBeNull();
    expect(pageFirstLoadProblem(120 * KB, 90 * KB)).toBeNull();
    expect(pageFirstLoadProblem(121 * KB, 119 * KB)).toBe(
      "the page's first-load JavaScript would be 121.0 KB gzip (live 119.0 KB; page limit 120.0 KB, and a page over it may not grow)",
    );
    // Over it: no growth past a rebuild's noise (PAGE_FIRST_LOAD_SLACK, 1 KB).
    expect(PAGE_FIRST_LOAD_SLACK).toBe(KB);
    expect(pageFirstLoadProblem(150 * KB + 1, 149 * KB)).toMatch(/^the page's first-load JavaScript would be 150\.0 KB gzip/);
    expect(pageFirstLoadProblem(150 * KB, 149 * KB)).toBeNull();
    expect(pageFirstLoadProblem(140 * KB, 150 * KB)).toBeNull();
    expect(pageFirstLoadProblem(150 * KB, 150 * KB)).toBeNull();
    // Nothing live to compare with (the first publish of a page's builds).
    expect(pageFirstLoadProblem(150 * KB, null)).toBeNull();
  });

  it("refuses a shell that takes the page over its budget (within the shell's own 20 %), unless forced", async () => {
    const store = new RegistryStore(tmpDir('page-gate-data'));
    for (const name of ['shell', 'mf-results']) await deploy(store, name, builtDist(name));
    const live = pageFirstLoadBytes(store.remoteDir('shell', store.read().remotes.shell.version), (n) => {
      const v = store.read().remotes[n]?.version;
      return v ? store.remoteDir(n, v) : null;
    })!;
    // Today's page is within the budget.
    expect(live).toBeLessThan(PAGE_FIRST_LOAD_LIMIT);
    // A shell whose results region hydrates at once again: its own scripts are the same, but the
    // page would load the React family with it, and cross the limit.
    const hydrating = withHydratingResults();
    expect(firstLoadBytes(hydrating, true)).toBe(firstLoadBytes(shellDist(), true));
    const message = await refusal(() => store.publish('shell', hydrating));
    expect(message).toMatch(
      /^shell: refused: the page's first-load JavaScript would be \d+\.\d KB gzip \(live \d+\.\d KB; page limit 120\.0 KB, and a page over it may not grow\) \(--force to publish anyway\)$/,
    );
    // A remote that grows the page within the limit publishes (about 1.5 KB of gzip bytes more in the results grid's entry).
    const grown = tmpDir('page-gate-results');
    fs.cpSync(builtDist('mf-results'), grown, { recursive: true });
    fs.appendFileSync(path.join(grown, 'remoteEntry.js'), `\n/* ${crypto.randomBytes(1500).toString('base64')} */\n`);
    declareBuild(grown);
    await expect(store.publish('mf-results', grown)).resolves.toEqual(expect.any(String));
    // --force publishes past the check, recorded.
    const forced = await store.publish('shell', hydrating, { force: true });
    expect((await store.history('shell')).at(-1)).toEqual(expect.objectContaining({ action: 'publish', version: forced, forced: true }));
  }, 60_000);
});

describe('deploy CLI', () => {
  const cli = (dataDir: string, ...args: string[]) => {
    const r = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '..', 'src', 'deploy-cli.ts'), ...args], {
      // No gateway answers at GATEWAY_URL: `status` says so beside each version.
      env: { ...process.env, GATEWAY_DATA_DIR: dataDir, DEPLOY_BY: 'release-bot', GATEWAY_URL: 'http://127.0.0.1:1' },
      encoding: 'utf8',
    });
    return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
  };

  it('refuses with a one-line reason, publishes with --force, and lists the history', () => {
    const data = tmpDir('gates-cli');
    const first = cli(data, 'publish', REMOTE, '--dist', built);
    expect(first.status).toBe(0);
    const v1 = /@(\S+) published and live/.exec(first.stdout)![1];

    const bigger = variant('cli-bigger', grownEntry);
    const refused = cli(data, 'publish', REMOTE, '--dist', bigger);
    expect(refused.status).toBe(1);
    expect(refused.stderr.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${REMOTE}: refused: first-load JavaScript grew .* over live ${v1} `)),
    ]);

    const forced = cli(data, 'publish', REMOTE, '--dist', bigger, '--force');
    expect(forced.status).toBe(0);
    const v2 = /@(\S+) published and live/.exec(forced.stdout)![1];
    expect(cli(data, 'switch', REMOTE, v1, '--why', 'roll back the bigger build').status).toBe(0);

    // A canary of the other version: its share, then the status, then ended.
    const canary = cli(data, 'canary', REMOTE, v2, '--percent', '20', '--why', 'try it on a few');
    expect([canary.status, canary.stderr]).toEqual([0, '']);
    expect(canary.stdout.trim()).toBe(`${REMOTE}@${v2} serves 20 % of shoppers (live ${v1})`);
    const none = '\\[no gateway answered at http://127\\.0\\.0\\.1:1\\]';
    expect(cli(data, 'status', REMOTE).stdout.trim()).toMatch(
      new RegExp(`^${REMOTE}: live ${v1} ${none}; canary ${v2} at 20 % since \\S+ ${none}$`),
    );
    expect(cli(data, 'abort', REMOTE).stdout.trim()).toBe(`${REMOTE}: canary ${v2} ended; every shopper on ${v1}`);
    expect(cli(data, 'canary', REMOTE, v2).status).toBe(1);

    const list = cli(data, 'list', REMOTE);
    expect(list.status).toBe(0);
    const lines = list.stdout.split('\n');
    expect(lines[0]).toBe(`${REMOTE}: live ${v1}; published ${[v1, v2].sort().join(', ')}`);
    const history = lines.slice(1).map((l) => l.trim().replace(/^\S+Z /, ''));
    expect(history).toEqual([
      `publish ${v1} (was none) by release-bot`,
      `switch ${v1} (was none) by release-bot`,
      expect.stringMatching(new RegExp(`^publish ${v2} \\(was ${v1}\\) FORCED \\(overrode: first-load JavaScript grew .* by release-bot$`)),
      `switch ${v2} (was ${v1}) FORCED by release-bot`,
      `switch ${v1} (was ${v2}) by release-bot: roll back the bigger build`,
      `canary ${v2} 20 % (was ${v1}) by release-bot: try it on a few`,
      `abort ${v2} 20 % (was ${v1}) by release-bot`,
    ]);
    for (const l of lines.slice(1)) expect(l.trim()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /);
  });
});
