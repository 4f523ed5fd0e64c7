import { isAscii } from 'node:buffer';
/**
 * The proxy routes' GETs answered within the gateway (the pages' server renders ask them so): for
 * every URL, the same status and body as the same GET through the HTTP layer, its query checked
 * and coerced by the route's own schema; routes that look up the signed-in identity, and URLs no
 * proxy route serves, are left to the routes (null).
 */
import { startAround, type TestGateway, type Upstream } from './helpers';

jest.setTimeout(60_000);

const HEADERS = { accept: 'application/json', host: 'localhost', 'user-agent': 'Mozilla/5.0 Chrome/156.0' };

describe('GETs answered within the gateway', () => {
  let up: Upstream;
  let gw: TestGateway;
  startAround((both) => ({ up, gw } = both));

  const viaRoutes = async (url: string) => {
    const res = await gw.app.inject({ method: 'GET', url, headers: HEADERS });
    return { status: res.statusCode, body: res.body };
  };

  it.each([
    [
      'a tier spotlight',
      '/rest/lsc/listing/spotlight/results?listingType=USED&makeCode=FORD&numSpotlights=6&listingTier=featured&spotlightPage=1',
    ],
    [
      'the premium spotlight',
      '/rest/lsc/listing/spotlight/premiumresults?listingType=USED&numSpotlights=3&listingTier=premium&spotlightPage=1',
    ],
    ['vehicle highlights', '/rest/lsc/listing/vehiclehighlights?listingType=USED&makeCode=FORD&modelCode=F150&numRecords=10'],
    ['a search with values to normalise', '/rest/lsc/listing?makeCode=ford&zip=10001&searchRadius=75&listingType=used'],
    ['an ad slot', '/content/ads?slot=fluid&number=1'],
    ['reference pricing', '/rest/research/pricing?makeCode=FORD&modelCode=F150'],
    ['a route with params', '/geo/zip/10001'],
    ['a route with params the schema refuses', '/geo/zip/not-a-zip'],
    ['a query the schema refuses', '/eligibility/verify?vin=%3Cscript%3E'],
    ['a query missing a required value', '/rest/research/pricing?makeCode=FORD'],
    ['a value of the wrong type', '/rest/lsc/listing/vehiclehighlights?numRecords=many'],
  ])('%s: as the route answers it', async (_, url) => {
    const direct = gw.inProcess.get(url, HEADERS);
    expect(direct).not.toBeNull();
    const [a, b] = [await direct!, await viaRoutes(url)];
    expect(a.status).toBe(b.status);
    // The same value: a JSON answer's text is read the fast way (characters past ASCII as escapes).
    if (b.status === 200) expect(JSON.parse(a.body)).toEqual(JSON.parse(b.body));
  });

  it("reads a JSON answer's text the fast way: characters past ASCII as escapes, the same value", async () => {
    // The search's price facets are labelled with an en dash ('$10,000 – $15,000').
    const url = '/rest/lsc/listing?zip=10001&listingType=USED';
    const [a, b] = [await gw.inProcess.get(url, HEADERS)!, await viaRoutes(url)];
    expect(b.body).toContain(' – ');
    expect(isAscii(Buffer.from(a.body))).toBe(true);
    expect(JSON.parse(a.body)).toEqual(JSON.parse(b.body));
  });

  it('leaves to the routes what they alone answer: the signed-in identity, other paths', () => {
    for (const url of ['/account-api/email-subscriptions', '/cars-for-sale?listingType=USED', '/healthz', '/nowhere', '/metrics'])
      expect(gw.inProcess.get(url, HEADERS)).toBeNull();
  });

  it("meets the route's breaker and fallback", async () => {
    const url = '/rest/research/pricing?makeCode=FORD&modelCode=F150';
    const healthy = await gw.inProcess.get(url, HEADERS)!;
    await up.fault('modelPricing', { status: 500 });
    try {
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push(await gw.inProcess.get(url, HEADERS)!);
      expect(gw.client.breakers.get('modelPricing')!.opened).toBe(true);
      // The optional call's fallback, as the route answers it with its circuit open.
      const viaRoute = await viaRoutes(url);
      expect(viaRoute.body).not.toBe(healthy.body);
      for (const a of answers) expect(a).toEqual(viaRoute);
    } finally {
      await up.clearFaults();
    }
  });
});
