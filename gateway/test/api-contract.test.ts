/**
 * The browser-facing API (@cfs/contracts API_PATHS): every path the page calls is a route of the
 * gateway's table under the same name, at the same path, and the gateway serves it. Browser code
 * calls no other path (packages/tools/test/api-paths.test.ts).
 */
import { API_PATHS, apiPath, type ApiRouteName } from '@cfs/contracts';
import { ROUTES } from '../src/proxy/route-table';
import { startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

let up: Upstream;
let gw: TestGateway;
beforeAll(async () => {
  up = await startUpstream();
  gw = await startGateway(up.url);
});
afterAll(async () => {
  await gw.close();
  await up.close();
});

describe('the browser-facing API', () => {
  it.each(Object.entries(API_PATHS) as [ApiRouteName, string][])(
    '%s is the route of that name, at %s, and the gateway serves it',
    (name, path) => {
      const route = ROUTES.find((r) => r.name === name);
      expect(route).toBeDefined();
      expect(route!.path).toBe(path);
      expect(gw.app.hasRoute({ method: route!.method, url: path })).toBe(true);
    },
  );

  it("fills a path's parameters, encoded, and refuses a missing one", () => {
    expect(apiPath('zipValidation', { zip: '30301' })).toBe('/geo/zip/30301');
    expect(apiPath('dealerDiff', { file: 'a b.json' })).toBe('/content/dealer-difference/a%20b.json');
    expect(() => apiPath('expertReviews', { year: 2024 })).toThrow('expertReviews: no value for :make');
  });

  it('answers a path it does not serve with 404, as a remote calling one would meet', async () => {
    const res = await gw.app.inject({ url: '/rest/lsc/listing/not-a-route' });
    expect(res.statusCode).toBe(404);
    expect(ROUTES.some((r) => r.path === '/rest/lsc/listing/not-a-route')).toBe(false);
  });
});
