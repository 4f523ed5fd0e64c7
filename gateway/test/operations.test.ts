/**
 * What is for operators stays with operators in production: /metrics and the breakers' detail of
 * /healthz only on loopback (not through a proxy) or with OPS_TOKEN, a bare liveness answer for
 * everyone; no source maps served; ?only= (mounting some regions alone) normalised away. A
 * staging gateway keeps all of them for the people testing it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES_URL_PREFIX } from '../src/registry/store';
import { builtDist, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

const TOKEN = 'a-long-operations-token-for-tests';
const OUTSIDE = '203.0.113.5';
const PERSON = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' };

describe('operations endpoints and staging-only features', () => {
  let up: Upstream;
  let prod: TestGateway;
  let staging: TestGateway;

  beforeAll(async () => {
    up = await startUpstream();
    prod = await startGateway(up.url, { OPS_TOKEN: TOKEN });
    staging = await startGateway(up.url, { GATEWAY_MODE: 'staging' });
  });
  afterAll(async () => {
    await prod.close();
    await staging.close();
    await up.close();
  });

  it('answers a bare liveness to anyone and the breakers only to operators', async () => {
    const outside = await prod.app.inject({ url: '/healthz', remoteAddress: OUTSIDE });
    expect(outside.statusCode).toBe(200);
    expect(outside.json()).toEqual({ ok: true });
    const local = await prod.app.inject({ url: '/healthz', remoteAddress: '127.0.0.1' });
    expect(local.json()).toMatchObject({ ok: true, mode: 'production', open: [] });
    expect(Object.keys(local.json().breakers)).toContain('listingSearch');
    // Through a proxy on this machine that TRUST_PROXY does not name: not an operator.
    const proxied = await prod.app.inject({ url: '/healthz', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': OUTSIDE } });
    expect(proxied.json()).toEqual({ ok: true });
    const withToken = await prod.app.inject({ url: '/healthz', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.json()).toHaveProperty('breakers');
    const wrongToken = await prod.app.inject({ url: '/healthz', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrongToken.json()).toEqual({ ok: true });
  });

  it('serves /metrics on loopback or with the token only, in production', async () => {
    const outside = await prod.app.inject({ url: '/metrics', remoteAddress: OUTSIDE });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error).toContain('loopback or with the operations token');
    expect(outside.body).not.toContain('gateway_breaker');
    expect((await prod.app.inject({ url: '/metrics', remoteAddress: '::1' })).body).toContain('gateway_breaker_state');
    const withToken = await prod.app.inject({ url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect((await staging.app.inject({ url: '/metrics', remoteAddress: OUTSIDE })).statusCode).toBe(200);
  });

  it('serves no source maps in production, and names none in the scripts', async () => {
    const dist = builtDist('mf-results');
    const map = fs.readdirSync(dist).find((f) => f.endsWith('.js.map'));
    expect(map).toBeDefined();
    const script = fs.readFileSync(path.join(dist, map!.replace(/\.map$/, '')), 'utf8');
    expect(script).not.toContain('sourceMappingURL');
    // Published, not switched to: its files are served, no page renders with it.
    const url = async (gw: TestGateway) => `${REMOTES_URL_PREFIX}/mf-results/${await gw.store.publish('mf-results', dist)}/${map}`;
    expect((await prod.app.inject({ url: (await url(prod)).replace(/\.map$/, '') })).statusCode).toBe(200);
    expect((await prod.app.inject({ url: await url(prod) })).statusCode).toBe(404);
    expect((await staging.app.inject({ url: await url(staging) })).statusCode).toBe(200);
  });

  it('lets only a staging page mount some regions alone (?only=)', async () => {
    const res = await prod.app.inject({ url: '/cars-for-sale?makeCode=FORD&only=mf-results', headers: PERSON });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/cars-for-sale?listingType=USED&makeCode=FORD');
    const overrides = await prod.app.inject({
      url: '/cars-for-sale?remotes=mf-results@http://127.0.0.1:3101/mf-manifest.json',
      headers: PERSON,
    });
    expect(overrides.statusCode).toBe(301);
    expect(overrides.headers.location).toBe('/cars-for-sale?listingType=USED');
    const kept = await staging.app.inject({ url: '/cars-for-sale?listingType=USED&makeCode=FORD&only=mf-results', headers: PERSON });
    expect(kept.statusCode).toBe(200);
  });
});

describe('OPS_TOKEN', () => {
  it('refuses a token too short to protect anything, instead of ignoring it', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ OPS_TOKEN: 'short' })).toThrow('OPS_TOKEN must be at least 16 characters long');
    expect(loadConfig({ OPS_TOKEN: TOKEN }).opsToken).toBe(TOKEN);
    expect(loadConfig({}).opsToken).toBe('');
  });
});

describe('FOOTER_AD_SMALL', () => {
  it.each([
    [undefined, '320x50'],
    ['320x50', '320x50'],
    ['320x250', '320x250'],
  ])("page-furniture §9: the footer ad's optional 320x250 on small screens from configuration (%s -> %s)", async (raw, size) => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig(raw === undefined ? {} : { FOOTER_AD_SMALL: raw }).footerAdSmall).toBe(size);
  });

  it.each(['728x90', 'big'])('refuses %s with an error that says what it may be', async (raw) => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ FOOTER_AD_SMALL: raw })).toThrow(
      `configuration: FOOTER_AD_SMALL must be one of 320x50, 320x250 (got "${raw}")`,
    );
  });
});

describe('SHOWCASE_CELL_WIDTH', () => {
  it.each([
    [undefined, 220],
    ['260', 260],
    ['120', 120],
    ['480', 480],
  ])('page-furniture §9: the showcase cell width from configuration (%s -> %i px)', async (raw, width) => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig(raw === undefined ? {} : { SHOWCASE_CELL_WIDTH: raw }).showcaseCellWidth).toBe(width);
  });

  it.each([
    ['90', 'must be >= 120'],
    ['9999', 'must be <= 480'],
    ['12.5', 'must be integer'],
    ['wide', 'must be integer'],
  ])('refuses %s: %s', async (raw, why) => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ SHOWCASE_CELL_WIDTH: raw })).toThrow(`configuration: SHOWCASE_CELL_WIDTH ${why} (got "${raw}")`);
  });
});

describe('the configuration is read once, with a schema', () => {
  it.each([
    ['PAGE_SIZE', 'abc', 'must be integer'],
    ['PAGE_SIZE', '0', 'must be >= 1'],
    ['SSR_THREADS', '0', 'must be >= 1'],
    ['SSR_PAGES_AT_ONCE', '-1', 'must be >= 0'],
    ['SSR_PAGES_AT_ONCE', '2.5', 'must be integer'],
    ['SSR_BUDGET_MS', '-5', 'must be > 0'],
    ['RATE_LIMIT_WRITES', 'lots', 'must be integer'],
    ['GATEWAY_MODE', 'stage', 'must be one of production, staging'],
    ['LOG_LEVEL', 'loud', 'must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('%s=%s stops the start: %s', async (name, raw, why) => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ [name]: raw })).toThrow(`configuration: ${name} ${why} (got "${raw}")`);
  });

  it('reads an empty value as unset, and numbers as numbers', async () => {
    const { loadConfig } = await import('../src/config');
    expect(loadConfig({ PAGE_SIZE: '' }).pageSize).toBe(24);
    expect(loadConfig({ PAGE_SIZE: '30', SSR_BUDGET_MS: '75' })).toMatchObject({ pageSize: 30, ssrBudgetMs: 75 });
    // Pages rendered at once: unless set, 4 per core, shared by the processes; 0 is no limit.
    const cores = os.availableParallelism();
    expect(loadConfig({ GATEWAY_PROCESSES: '1' }).ssr).toMatchObject({ pagesAtOnce: 4 * cores, pageWaitMs: 1000 });
    expect(loadConfig({ GATEWAY_PROCESSES: String(cores) }).ssr.pagesAtOnce).toBe(4);
    expect(loadConfig({ GATEWAY_PROCESSES: String(8 * cores) }).ssr.pagesAtOnce).toBe(1);
    expect(loadConfig({ SSR_PAGES_AT_ONCE: '0', SSR_PAGE_WAIT_MS: '250' }).ssr).toMatchObject({ pagesAtOnce: 0, pageWaitMs: 250 });
  });
});
