/**
 * The browser-facing API (@cfs/contracts API_PATHS): every path the page calls is a route of the
 * gateway's table under the same name, at the same path, and the gateway serves it. Browser code
 * calls no other path (packages/tools/test/api-paths.test.ts).
 */
import { API_PATHS, apiPath, LIMITS, type ApiRouteName } from '@cfs/contracts';
import {
  CONSUMER_DEVICE_BODY,
  EMAIL_DEALER_BODY,
  EMAIL_SUBSCRIBE_BODY,
  LEAD_LIMITS,
  LEAD_PROFILE_UPDATE_BODY,
  ONE_CLICK_EMAIL_BODY,
  PAGE_EVENT_BATCH_SCHEMA,
  RECORD_SEARCH_BODY,
  REPORT_LISTING_BODY,
  SAVE_LISTING_BODY,
  SAVED_SEARCH_BODY,
  STILL_INTERESTED_BODY,
} from '@cfs/contracts/bodies';
import { Value } from '@sinclair/typebox/value';
import { ROUTES } from '../src/proxy/route-table';
import { startAround, type TestGateway } from './helpers';

let gw: TestGateway;
startAround((both) => ({ gw } = both));

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

describe('the bodies that cross the gateway', () => {
  const BODIES = {
    emailDealer: EMAIL_DEALER_BODY,
    oneClickEmail: ONE_CLICK_EMAIL_BODY,
    leadProfileUpdate: LEAD_PROFILE_UPDATE_BODY,
    stillInterested: STILL_INTERESTED_BODY,
    emailSubscribe: EMAIL_SUBSCRIBE_BODY,
    savedSearches: SAVED_SEARCH_BODY,
    recordSearch: RECORD_SEARCH_BODY,
    reportListing: REPORT_LISTING_BODY,
    saveListing: SAVE_LISTING_BODY,
    consumerDevice: CONSUMER_DEVICE_BODY,
    pageEvents: PAGE_EVENT_BATCH_SCHEMA,
  };

  it('every write with a body takes one of them: none is written in the route table alone', () => {
    const bodies: unknown[] = Object.values(BODIES);
    const writes = ROUTES.filter((r) => r.schema?.body);
    expect(writes.filter((r) => !bodies.includes(r.schema!.body)).map((r) => r.name)).toEqual([]);
  });

  it.each(Object.entries(BODIES))('%s is checked with the very schema the remote builds its body from', (name, schema) => {
    expect(ROUTES.find((r) => r.name === name)?.schema?.body).toBe(schema);
  });

  it('refuses a body the schema refuses (the lead form one character over its limit, an eleventh vehicle), and takes one it takes', async () => {
    const lead = { listingId: '700001', firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com', comment: 'Is it available?' };
    const post = (path: string, payload: unknown) =>
      gw.app.inject({
        method: 'POST',
        url: path,
        payload: payload as Record<string, unknown>,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
    const tooLong = { ...lead, firstName: 'x'.repeat(LEAD_LIMITS.name + 1) };
    expect(Value.Check(EMAIL_DEALER_BODY, tooLong)).toBe(false);
    expect((await post(API_PATHS.emailDealer, tooLong)).statusCode).toBe(400);
    const vins = Array.from({ length: LIMITS.stillInterestedVehicles + 1 }, (_, i) => `1FTFW1E50NFA${String(10000 + i)}`);
    expect(Value.Check(STILL_INTERESTED_BODY, { brand: 'atc', vins })).toBe(false);
    expect((await post(API_PATHS.stillInterested, { brand: 'atc', vins })).statusCode).toBe(400);
    expect(Value.Check(STILL_INTERESTED_BODY, { brand: 'atc', vins: vins.slice(1) })).toBe(true);
    expect((await post(API_PATHS.stillInterested, { brand: 'atc', vins: vins.slice(1) })).statusCode).not.toBe(400);
  });
});
