/**
 * Canary delivery (registry/canary.ts): who gets a candidate is a pure function of the shopper's
 * cookie and the deployable's name; the store keeps the canary beside the live version, with
 * every change in the history; a page serves each shopper their version in the server HTML and
 * in the registry the page hands the browser, the same on every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@cfs/contracts';
import { CANARY_COOKIE, canaryPoint, inCanary, isShopperId, newShopperId } from '../src/registry/canary';
import { RegistryStore } from '../src/registry/store';
import {
  PERSON,
  builtDist,
  declareBuild,
  deploy,
  fakeRemoteBuild,
  firstLoadState,
  startGateway,
  startUpstream,
  tmpDir,
  type TestGateway,
  type Upstream,
} from './helpers';

describe('who gets a canary', () => {
  const ids = Array.from({ length: 20_000 }, () => newShopperId());

  it('is the same answer for the same shopper and deployable, every time', () => {
    for (const id of ids.slice(0, 100)) {
      expect(canaryPoint(id, 'mf-results')).toBe(canaryPoint(id, 'mf-results'));
      expect(inCanary(id, 'mf-results', 50)).toBe(inCanary(id, 'mf-results', 50));
    }
  });

  it.each([1, 10, 30, 50, 90])('takes in about %p %% of shoppers', (percent) => {
    const share = (100 * ids.filter((id) => inCanary(id, 'mf-results', percent)).length) / ids.length;
    // 20,000 shoppers: the share is within 1.5 points of the percent (over 5 standard deviations at 50 %).
    expect(Math.abs(share - percent)).toBeLessThan(1.5);
  });

  it("chooses each remote's shoppers independently, and raising the percent keeps everyone already in", () => {
    const both = ids.filter((id) => inCanary(id, 'mf-results', 30) && inCanary(id, 'mf-filters', 30)).length / ids.length;
    expect(Math.abs(both - 0.09)).toBeLessThan(0.01);
    for (const id of ids.filter((i) => inCanary(i, 'mf-results', 10))) expect(inCanary(id, 'mf-results', 40)).toBe(true);
  });

  it('takes in nobody without a shopper, at 0 %, and everybody at 100 %', () => {
    expect(inCanary(undefined, 'mf-results', 100)).toBe(false);
    expect(ids.some((id) => inCanary(id, 'mf-results', 0))).toBe(false);
    expect(ids.every((id) => inCanary(id, 'mf-results', 100))).toBe(true);
  });

  it('reads only cookie values the gateway could have made', () => {
    expect(isShopperId(newShopperId())).toBe(true);
    for (const bad of ['', 'short', 'x'.repeat(65), 'abc def ghi jkl mno', '<script>alert(1)</script>', undefined]) {
      expect(isShopperId(bad)).toBe(false);
    }
  });
});

describe('a canary in the registry', () => {
  let store: RegistryStore;
  let v1: string;
  let v2: string;
  beforeEach(async () => {
    store = new RegistryStore(tmpDir('canary-store'));
    v1 = await deploy(store, 'mf-compare', fakeRemoteBuild('one'), '1.0.0');
    v2 = await store.publish('mf-compare', fakeRemoteBuild('two'), '2.0.0');
  });

  it('runs beside the live version, then is promoted or ended, each change kept with who and why', async () => {
    await store.startCanary('mf-compare', v2, 25, { by: 'pat', why: 'new drawer' });
    expect(store.read().remotes['mf-compare']).toMatchObject({ version: v1, canary: { version: v2, percent: 25 } });
    expect(store.servedVersions()).toEqual(new Set([`mf-compare@${v1}`, `mf-compare@${v2}`]));
    expect(await store.abortCanary('mf-compare', { by: 'gateway', why: 'failure rate' })).toBe(v2);
    expect(store.read().remotes['mf-compare']).toEqual({ version: v1, publishedAt: expect.any(String) });
    await store.startCanary('mf-compare', v2, 50);
    expect(await store.promote('mf-compare', { by: 'pat' })).toBe(v2);
    expect(store.read().remotes['mf-compare']).toEqual({ version: v2, publishedAt: expect.any(String) });
    const history = (await store.history('mf-compare')).filter((r) => r.action !== 'publish' && r.action !== 'switch');
    expect(history.map((r) => [r.action, r.version, r.previous, r.percent, r.by, r.why])).toEqual([
      ['canary', v2, v1, 25, 'pat', 'new drawer'],
      ['abort', v2, v1, 25, 'gateway', 'failure rate'],
      ['canary', v2, v1, 50, undefined, undefined],
      ['promote', v2, v1, undefined, 'pat', undefined],
    ]);
  });

  it('refuses a percent out of range, an unpublished version, the live version, and ending a canary that is not there', async () => {
    await expect(store.startCanary('mf-compare', v2, 0)).rejects.toThrow('more than 0 and at most 100');
    await expect(store.startCanary('mf-compare', v2, 101)).rejects.toThrow('more than 0 and at most 100');
    await expect(store.startCanary('mf-compare', '9.9.9-none', 10)).rejects.toThrow('is not published');
    await expect(store.startCanary('mf-compare', v1, 10)).rejects.toThrow('is the live version already');
    await expect(store.promote('mf-compare')).rejects.toThrow('has no canary');
    await expect(store.abortCanary('mf-compare')).rejects.toThrow('has no canary');
  });

  it('a switch to another version keeps the canary; a switch to the canary version ends it', async () => {
    const v3 = await store.publish('mf-compare', fakeRemoteBuild('three'), '3.0.0');
    await store.startCanary('mf-compare', v2, 10);
    await store.switch('mf-compare', v3);
    expect(store.read().remotes['mf-compare'].canary?.version).toBe(v2);
    await store.switch('mf-compare', v2);
    expect(store.read().remotes['mf-compare'].canary).toBeUndefined();
  });
});

describe('a page with a canary', () => {
  let up: Upstream;
  let gw: TestGateway;
  let live: string;
  let candidate: string;
  const PAGE = '/cars-for-sale?listingType=USED';

  /** The server-rendered version of the results region. */
  const serverVersion = (html: string) => /<div data-boundary="mf-results" data-version="([^"]+)" data-ssr="">/.exec(html)?.[1];

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url, { SSR_BUDGET_MS: '1500', SSR_SHARED_ANSWERS_MS: '0' });
    for (const name of REMOTE_NAMES) await deploy(gw.store, name, builtDist(name));
    live = gw.store.read().remotes['mf-results'].version;
    // Another build of the results remote: its server container says another version.
    const other = tmpDir('results-canary');
    fs.cpSync(builtDist('mf-results'), other, { recursive: true });
    const server = path.join(other, 'server');
    for (const f of fs.readdirSync(server).filter((n) => n !== 'remoteEntry.js')) {
      const file = path.join(server, f);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('version: "1.0.0"', 'version: "2.0.0-canary"'));
    }
    declareBuild(other);
    candidate = await gw.store.publish('mf-results', other, '2.0.0');
    fs.rmSync(other, { recursive: true, force: true });
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });
  afterEach(async () => {
    if (gw.store.read().remotes['mf-results'].canary) await gw.store.abortCanary('mf-results');
  });

  /** A shopper id inside the canary at this percent, and one outside. */
  function shoppers(percent: number): { inside: string; outside: string } {
    let inside: string | undefined;
    let outside: string | undefined;
    while (!inside || !outside) {
      const id = newShopperId();
      if (inCanary(id, 'mf-results', percent)) inside ??= id;
      else outside ??= id;
    }
    return { inside, outside };
  }
  /** The canary cookie a page sets, if it sets one. */
  const canarySet = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${CANARY_COOKIE}=`));
  const pageAs = (shopper?: string, headers = PERSON) =>
    gw.app.inject({ url: PAGE, headers: { ...headers, ...(shopper ? { cookie: `${CANARY_COOKIE}=${shopper}` } : {}) } });

  it('serves each shopper the version their cookie chooses, in the server HTML and the registry the page hands the browser, on every page', async () => {
    await gw.store.startCanary('mf-results', candidate, 50);
    const { inside, outside } = shoppers(50);
    for (let i = 0; i < 3; i++) {
      const a = await pageAs(inside);
      expect(serverVersion(a.body)).toBe('2.0.0-canary');
      expect(firstLoadState(a.body).registry.remotes['mf-results'].version).toBe(candidate);
      expect(canarySet(a)).toBeUndefined();
      const b = await pageAs(outside);
      expect(serverVersion(b.body)).toBe('1.0.0');
      expect(firstLoadState(b.body).registry.remotes['mf-results'].version).toBe(live);
    }
    // The registry the browser may ask for again says the same.
    const asked = await gw.app.inject({ url: '/cars-for-sale/registry.json', headers: { cookie: `${CANARY_COOKIE}=${inside}` } });
    expect(asked.json().remotes['mf-results'].version).toBe(candidate);
    expect(asked.headers.vary).toContain('cookie');
    // Both versions' isolates are kept.
    expect(gw.isolates.loadedVersions()).toEqual(expect.arrayContaining([`mf-results@${live}`, `mf-results@${candidate}`]));
  });

  it('gives a new person their cookie with the first page, and that page already follows it; bots get no cookie and the live version', async () => {
    await gw.store.startCanary('mf-results', candidate, 50);
    const first = await pageAs();
    const cookie = canarySet(first)!;
    const id = new RegExp(`${CANARY_COOKIE}=([^;]+)`).exec(cookie)![1];
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(serverVersion(first.body)).toBe(inCanary(id, 'mf-results', 50) ? '2.0.0-canary' : '1.0.0');
    // A made-up value chooses nothing: it is replaced.
    const forged = await pageAs('x');
    expect(canarySet(forged)).toBeDefined();

    const { inside } = shoppers(50);
    const bot = await pageAs(inside, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(canarySet(bot)).toBeUndefined();
    expect(serverVersion(bot.body)).toBe('1.0.0');
  });

  it('ended, every shopper is back on the live version at once; promoted, every shopper gets the candidate', async () => {
    await gw.store.startCanary('mf-results', candidate, 50);
    const { inside, outside } = shoppers(50);
    expect(serverVersion((await pageAs(inside)).body)).toBe('2.0.0-canary');
    await gw.store.abortCanary('mf-results');
    expect(serverVersion((await pageAs(inside)).body)).toBe('1.0.0');
    await gw.store.startCanary('mf-results', candidate, 50);
    await gw.store.promote('mf-results');
    expect(serverVersion((await pageAs(outside)).body)).toBe('2.0.0-canary');
    await gw.store.switch('mf-results', live);
  });
});
