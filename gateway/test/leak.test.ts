/**
 * Versions are released: after 20 publishes and 20 switches of a remote, each followed by a page
 * that renders it, the gateway's heap after a forced garbage collection is within 10 MB of what it
 * was before them, and the only isolates left are the live versions'. (The test turns on V8's
 * --expose-gc for itself, so it runs as `jest` runs it.)
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { REMOTE_NAMES } from '@cfs/contracts';
import { builtDist, declareBuild, deploy, startGateway, startUpstream, tmpDir, type TestGateway, type Upstream, PERSON } from './helpers';

jest.setTimeout(240_000);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const PAGE = '/cars-for-sale?listingType=USED';
const MB = 1024 * 1024;

/** The heap after collecting what can be collected. */
async function settledHeap(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setTimeout(r, 100));
    gc();
  }
  return process.memoryUsage().heapUsed;
}

/** Another build of mf-results: its server container says another version, so its files (and its version path) differ. */
function resultsBuild(label: string): string {
  const dir = tmpDir(`results-${label}`);
  fs.cpSync(builtDist('mf-results'), dir, { recursive: true });
  const server = path.join(dir, 'server');
  for (const f of fs.readdirSync(server).filter((n) => n.endsWith('.js') && n !== 'remoteEntry.js')) {
    const file = path.join(server, f);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('version: "1.0.0"', `version: "${label}"`));
  }
  return declareBuild(dir);
}

describe('versions no longer live are released', () => {
  let up: Upstream;
  let gw: TestGateway;

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url, { SSR_BUDGET_MS: '1500', WARM_UP_PATHS: 'none' });
    for (const name of REMOTE_NAMES) await deploy(gw.store, name, builtDist(name));
  });
  afterAll(async () => {
    await gw?.close();
    await up?.close();
  });

  const page = async () => {
    const res = await gw.app.inject({ url: PAGE, headers: PERSON });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('20 publishes and 20 switches leave the heap within 10 MB, and only the live versions in isolates', async () => {
    for (let i = 0; i < 5; i++) await page();
    const before = await settledHeap();

    const versions: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const build = resultsBuild(`1.0.${i}-leak`);
      versions.push(await deploy(gw.store, 'mf-results', build, `1.0.${i}`));
      fs.rmSync(build, { recursive: true, force: true });
      expect(await page()).toContain(`data-version="1.0.${i}-leak"`);
    }
    for (let i = 0; i < 20; i++) {
      const version = versions[i % 2 === 0 ? 0 : versions.length - 1];
      await gw.store.switch('mf-results', version);
      await page();
    }

    const live = gw.store.read().remotes;
    // Only the live versions have isolates, and the released ones' threads are gone.
    await new Promise((r) => setTimeout(r, 500));
    expect(gw.isolates.loadedVersions().sort()).toEqual(
      Object.entries(live)
        .map(([n, e]) => `${n}@${e.version}`)
        .sort(),
    );
    expect(Object.values(gw.isolates.threads()).every((n) => n <= gw.config.ssr.threads)).toBe(true);

    const after = await settledHeap();
    expect((after - before) / MB).toBeLessThan(10);
  });
});
