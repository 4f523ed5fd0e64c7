/**
 * A published version's server code and the files only the gateway reads are not public: under
 * /cars-for-sale/remotes/ they answer 404 exactly as a missing file does (registry/public-files.ts),
 * in production and in staging, in every encoding and spelling, while everything a page loads
 * (the HTML's scripts and stylesheets, each remote's manifest and what it names) stays 200.
 * Against the real builds (turbo builds the shell and the remotes before these tests).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTE_NAMES } from '@cfs/contracts';
import { REMOTES_URL_PREFIX } from '../src/registry/store';
import { builtDist, deploy, startGateway, startUpstream, type TestGateway, type Upstream, PERSON } from './helpers';

const NEVER_PUBLISHED = '1.0.0-0000000000';
const ENCODINGS = [undefined, 'br', 'gzip', 'gzip, deflate, br, zstd', '*', 'identity', 'br;q=1, gzip;q=0.5'];

interface Manifest {
  metaData: { remoteEntry: { name: string; path: string } };
  shared?: { assets: Assets }[];
  exposes?: { assets: Assets }[];
}
interface Assets {
  js: { sync: string[]; async: string[] };
  css: { sync: string[]; async: string[] };
}

/** Every file a remote's manifest names for the browser: its entry, scripts and stylesheets. */
function namedByManifest(m: Manifest): string[] {
  const files = new Set([path.posix.join(m.metaData.remoteEntry.path, m.metaData.remoteEntry.name)]);
  for (const { assets } of [...(m.shared ?? []), ...(m.exposes ?? [])]) {
    for (const f of [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async]) files.add(f);
  }
  return [...files];
}

describe('files of a published version that browsers never get', () => {
  let up: Upstream;
  let prod: TestGateway;
  let staging: TestGateway;
  const live: Record<string, string> = {};
  const dir = (name: string) => prod.store.remoteDir(name, live[name]);
  const url = (name: string, file: string) => `${REMOTES_URL_PREFIX}/${name}/${live[name]}/${file}`;
  /** A file of the version by pattern (hashed names differ between builds). */
  const find = (name: string, sub: string, re: RegExp) => {
    const f = fs.readdirSync(path.join(dir(name), sub)).find((n) => re.test(n));
    if (!f) throw new Error(`${name}: no ${re} in ${sub || '.'}`);
    return path.posix.join(sub, f);
  };

  beforeAll(async () => {
    up = await startUpstream();
    prod = await startGateway(up.url);
    for (const name of REMOTE_NAMES) live[name] = await deploy(prod.store, name, builtDist(name));
    live.shell = prod.store.read().remotes.shell.version;
    // The same published versions, behind a staging gateway.
    staging = await startGateway(up.url, { GATEWAY_MODE: 'staging', GATEWAY_DATA_DIR: prod.config.dataDir });
  }, 60_000);
  afterAll(async () => {
    await staging?.close();
    await prod?.close();
    await up?.close();
  });

  /** [what it is, URL]: each exists on disk (or names one that does), and answers 404. */
  const hidden = (): [string, string][] => {
    const chunk = find('mf-results', 'server', /^(?!remoteEntry)[^.]+\.[0-9a-f]+\.js$/);
    const license = find('mf-results', '', /\.LICENSE\.txt$/);
    const rows: [string, string][] = [];
    for (const name of ['mf-results', 'mf-alerts', 'shell']) {
      rows.push(
        [`${name} server container`, url(name, 'server/remoteEntry.js')],
        [`${name} server integrity`, url(name, 'server/integrity.json')],
        [`${name} integrity`, url(name, 'integrity.json')],
        [`${name} bus contract`, url(name, 'bus-contract.json')],
      );
    }
    rows.push(
      ['server chunk', url('mf-results', chunk)],
      ['shell server chunk', url('shell', find('shell', 'server', /^(?!remoteEntry)[^.]+\.[0-9a-f]+\.js$/))],
      ['mf stats', url('mf-results', 'mf-stats.json')],
      ['shell asset manifest (read from disk by the gateway)', url('shell', 'asset-manifest.json')],
      ['license text', url('mf-results', license)],
      ['shell license text', url('shell', find('shell', '', /\.LICENSE\.txt$/))],
      // Their compressed copies, asked for by name.
      ['stats .br', url('mf-results', 'mf-stats.json.br')],
      ['stats .gz', url('mf-results', 'mf-stats.json.gz')],
      ['integrity .br', url('mf-results', 'integrity.json.br')],
      ['asset manifest .gz', url('shell', 'asset-manifest.json.gz')],
      ['server container .br', url('mf-results', 'server/remoteEntry.js.br')],
      // Path tricks.
      ['encoded slash', url('mf-results', 'server%2FremoteEntry.js')],
      ['encoded slash, lower case', url('mf-results', 'server%2fremoteEntry.js')],
      ['encoded twice', url('mf-results', 'server%252FremoteEntry.js')],
      ['encoded letters', url('mf-results', '%73erver/remoteEntry.js')],
      ['encoded dot-dot', url('mf-results', 'x/%2e%2e/server/remoteEntry.js')],
      ['encoded dot-dot, upper case', url('mf-results', 'x/%2E%2E/integrity.json')],
      ['dot-dot', url('mf-results', 'remoteEntry.js/../server/remoteEntry.js')],
      ['dot-dot out of the version', `${REMOTES_URL_PREFIX}/mf-results/%2e%2e/mf-results/${live['mf-results']}/integrity.json`],
      ['dot segment', url('mf-results', '%2e/server/remoteEntry.js')],
      ['double slash', url('mf-results', '/server/remoteEntry.js')],
      ['double slash inside', url('mf-results', 'server//remoteEntry.js')],
      ['backslash', url('mf-results', 'server%5cremoteEntry.js')],
      ['case: folder', url('mf-results', 'Server/remoteEntry.js')],
      ['case: all', url('mf-results', 'SERVER/REMOTEENTRY.JS')],
      ['case: stats', url('mf-results', 'MF-STATS.JSON')],
      ['case: integrity', url('mf-results', 'Integrity.json')],
      ['trailing dot', url('mf-results', 'integrity.json.')],
      ['trailing slash', url('mf-results', 'integrity.json/')],
      ['NUL', url('mf-results', 'integrity.json%00.js')],
      ['folder', url('mf-results', 'server/')],
      ['folder, no slash', url('mf-results', 'server')],
    );
    return rows;
  };

  it('has the files it hides on disk, compressed copies included (else a 404 would prove nothing)', () => {
    for (const f of ['server/remoteEntry.js', 'server/integrity.json', 'integrity.json', 'bus-contract.json', 'mf-stats.json']) {
      expect(fs.existsSync(path.join(dir('mf-results'), f))).toBe(true);
    }
    for (const f of ['mf-stats.json.br', 'mf-stats.json.gz', 'integrity.json.br'])
      expect(fs.existsSync(path.join(dir('mf-results'), f))).toBe(true);
    expect(fs.existsSync(path.join(dir('shell'), 'asset-manifest.json'))).toBe(true);
  });

  it.each(['production', 'staging'] as const)('answers as for a missing file (404), in every encoding, in %s', async (mode) => {
    const gw = mode === 'production' ? prod : staging;
    /** What matters of an answer: the status, the header names and the body. */
    const shape = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
      JSON.stringify({
        status: res.statusCode,
        headers: Object.keys(res.headers)
          .filter((k) => !['date', 'content-length'].includes(k))
          .sort(),
        body: res.body,
      });
    const wrong: string[] = [];
    for (const [what, target] of hidden()) {
      // The same path in a version never published: a file that is simply missing.
      const missing = Object.values(live).reduce((u, v) => u.replaceAll(v, NEVER_PUBLISHED), target);
      for (const method of ['GET', 'HEAD'] as const) {
        for (const encoding of ENCODINGS) {
          const headers = { ...PERSON, ...(encoding ? { 'accept-encoding': encoding } : {}) };
          const res = await gw.app.inject({ method, url: target, headers });
          const twin = await gw.app.inject({ method, url: missing, headers });
          const expected = shape({ ...twin, body: twin.body.replaceAll(NEVER_PUBLISHED, live[target.split('/')[3]] ?? '') });
          if (res.statusCode !== 404 || shape(res) !== expected) {
            wrong.push(
              `${what}: ${method} ${target} (accept-encoding ${encoding ?? 'none'}) -> ${res.statusCode} ${shape(res)} / ${expected}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('serves everything the page loads: the HTML’s scripts and stylesheets, each manifest and what it names', async () => {
    const page = await prod.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...PERSON, 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    const html = zlib.brotliDecompressSync(page.rawPayload).toString();
    const fromHtml = [...html.matchAll(/\/cars-for-sale\/remotes\/[^"'\s<>)]+/g)].map((m) => m[0].replaceAll('&amp;', '&'));
    const targets = new Set(fromHtml);
    for (const name of REMOTE_NAMES) {
      const manifest = url(name, 'mf-manifest.json');
      targets.add(manifest);
      const m = (await prod.app.inject({ url: manifest })).json() as Manifest;
      for (const f of namedByManifest(m)) targets.add(url(name, f));
    }
    // The shell's start script and its own scripts are named by the HTML.
    expect(fromHtml.some((u) => u.startsWith(url('shell', 'start.')))).toBe(true);
    expect([...targets].filter((u) => u.endsWith('.css')).length).toBeGreaterThanOrEqual(REMOTE_NAMES.length);
    const failed: string[] = [];
    for (const target of targets) {
      for (const encoding of ['br', 'gzip', undefined]) {
        const res = await prod.app.inject({ url: target, headers: { ...PERSON, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
        if (res.statusCode !== 200) failed.push(`${target} (${encoding ?? 'none'}) -> ${res.statusCode}`);
      }
    }
    expect(failed).toEqual([]);
    expect(targets.size).toBeGreaterThan(20);
  });

  it.each([
    ['manifest', 'mf-manifest.json', 'no-cache'],
    ['browser entry', 'remoteEntry.js', 'no-cache'],
    ['stylesheet', /^[\w-]+\.[0-9a-f]+\.css$/, 'immutable'],
    ['chunk', /^react\.[0-9a-f]+\.js$/, 'immutable'],
  ] as const)('keeps the %s 200, compressed as published', async (_what, file, caching) => {
    const name = 'mf-results';
    const target = url(name, typeof file === 'string' ? file : find(name, '', file));
    const res = await prod.app.inject({ url: target, headers: { ...PERSON, 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain(caching);
    const raw = fs.readFileSync(path.join(dir(name), target.split('/').pop()!));
    if (raw.length >= 1024) expect(res.headers['content-encoding']).toBe('br');
  });

  it('serves source maps in staging only', async () => {
    const map = url('mf-results', find('mf-results', '', /^react\.[0-9a-f]+\.js\.map$/));
    expect((await prod.app.inject({ url: map })).statusCode).toBe(404);
    expect((await staging.app.inject({ url: map })).statusCode).toBe(200);
    expect((await staging.app.inject({ url: url('mf-results', 'server/remoteEntry.js') })).statusCode).toBe(404);
  });
});
