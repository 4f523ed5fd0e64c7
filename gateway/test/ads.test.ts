/**
 * The house ad routes of the grid's ad slots: creatives come from the upstream through the
 * gateway (a short timeout, their own breakers), and a failing or open creative call answers
 * "no creative", so the page keeps the slot's space and shows nothing in it.
 */
import { routeByName } from '../src/proxy/route-table';
import { lookAfter, startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

describe('house ad routes', () => {
  let up: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
  });
  lookAfter(() => ({ up, gw }));

  it('are optional calls with a short timeout', () => {
    for (const name of ['adCreative', 'adImage']) {
      const route = routeByName(name);
      expect([name, route.required, route.timeoutMs <= 1000]).toEqual([name, false, true]);
    }
    expect(routeByName('adCreative').fallback).toEqual({ kind: 'value', value: { creative: null } });
  });

  it('answer a creative whose images and click-through are on this site', async () => {
    const res = await gw.app.inject('/content/ads?slot=liner&number=3');
    expect(res.statusCode).toBe(200);
    const { creative } = res.json();
    expect(creative.href.startsWith('/')).toBe(true);
    expect(creative.images).toHaveLength(3);
    const image = await gw.app.inject(creative.images[0].src);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answer no creative when the upstream fails or the breaker is open', async () => {
    await up.fault('adCreative', { status: 503 });
    const failed = await gw.app.inject('/content/ads?slot=fluid&number=2');
    expect([failed.statusCode, failed.json()]).toEqual([200, { creative: null }]);
    await up.clearFaults();
    gw.client.breakers.get('adCreative')!.open();
    const open = await gw.app.inject('/content/ads?slot=fluid&number=2');
    expect([open.statusCode, open.json()]).toEqual([200, { creative: null }]);
  });

  it.each(['/content/ads?slot=popup&number=1', '/content/ads?slot=fluid&number=9', '/content/ads/../../etc.svg', '/content/ads/x.png'])(
    'refuse %s without calling the upstream',
    async (url) => {
      const res = await gw.app.inject(url);
      expect([400, 404]).toContain(res.statusCode);
    },
  );
});
