/**
 * Signed-in people against the real upstream: the sign-in page at the configured path (same-origin
 * return URLs, cookie flags), the token lookup (failing yields null and the call proceeds),
 * browsing history in the first-load state at most once per 120 s per session (bots skip it), and
 * saved-search redirects (bookmark found, not found, not signed in).
 */
import type { InjectOptions } from 'fastify';
import { FIRST_LOAD_STATE_ID } from '@cfs/contracts';
import { FALLBACK_HEADER, IDENTITY_UNKNOWN } from '@cfs/contracts';
import { INVENTORY_VIEW_COOKIE } from '../src/page/inventory-view';
import { startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

const PERSON = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' };
const BOT = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' };

function state(html: string) {
  const m = new RegExp(`<script type="application/json" id="${FIRST_LOAD_STATE_ID}">([^<]*)</script>`).exec(html);
  return JSON.parse(m![1]);
}

describe('signed-in people', () => {
  let up: Upstream;
  let gw: TestGateway;
  let cookie: string;
  let vin: string;

  const fires = async (name: string) => {
    const line = (await gw.app.inject('/metrics')).body
      .split('\n')
      .find((l) => l.startsWith(`gateway_breaker_events_total{name="${name}",event="fire"}`));
    return Number(line?.split(' ').pop());
  };
  // As the sign-in page's form posts it.
  const signIn = async (g: TestGateway, payload: Record<string, string>, headers: Record<string, string> = {}) =>
    g.app.inject({
      method: 'POST',
      url: '/account/signin',
      payload: new URLSearchParams(payload).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    } as InjectOptions);

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
    const res = await signIn(gw, {
      email: 'pat@example.com',
      firstName: 'Pat',
      lastName: 'Lee',
      returnUrl: '/cars-for-sale?makeCode=FORD',
    });
    cookie = String(res.headers['set-cookie']).split(';')[0];
    const search = await (await fetch(`${up.url}/rest/lsc/listing?numRecords=1`)).json();
    vin = search.listings[0].vin;
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });
  afterEach(() => up.clearFaults());

  describe('the sign-in page', () => {
    it('refuses a form with a field the identity service does not have: 400 naming it, no session', async () => {
      const res = await signIn(gw, { email: 'extra@example.com', isAdmin: 'true', returnUrl: '/cars-for-sale' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toContain('The form has an unknown field &#39;isAdmin&#39;');
    });

    it('is served at the configured path with a same-origin return URL only', async () => {
      const ok = await gw.app.inject({
        url: `/account/signin?defaultScreen=signup&returnUrl=${encodeURIComponent('/cars-for-sale?makeCode=FORD')}`,
        headers: { host: 'cars.test' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toContain('text/html');
      expect(ok.body).toContain('Create your account');
      expect(ok.body).toContain('value="/cars-for-sale?makeCode=FORD"');
      for (const evil of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
        const res = await gw.app.inject({ url: `/account/signin?returnUrl=${encodeURIComponent(evil)}`, headers: { host: 'cars.test' } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('name="returnUrl" value="/cars-for-sale?listingType=USED"');
        expect(res.body).not.toContain('evil');
      }
    });

    it('signs in, sets the cookie HttpOnly and SameSite, and returns to a same-origin URL only', async () => {
      const res = await signIn(gw, { email: 'pat@example.com', returnUrl: 'https://evil.example/phish' }, { host: 'cars.test' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/cars-for-sale?listingType=USED');
      // Where it leads is the page itself, not another redirect.
      expect((await gw.app.inject({ url: res.headers.location as string, headers: { host: 'cars.test', ...PERSON } })).statusCode).toBe(
        200,
      );
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^cfs_session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
      expect(setCookie).not.toContain('Secure');
      const back = await signIn(
        gw,
        { email: 'pat@example.com', returnUrl: 'http://cars.test/cars-for-sale?zip=30301' },
        { host: 'cars.test' },
      );
      expect(back.headers.location).toBe('/cars-for-sale?zip=30301');
    });

    it.each(['/.//evil.example', '/%2e//evil.example', 'http://cars.test//evil.example', '/cars-for-sale/..//evil.example'])(
      'never answers a redirect to another host after sign-in (%s)',
      async (returnUrl) => {
        const res = await signIn(gw, { email: 'pat@example.com', returnUrl }, { host: 'cars.test' });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe('/cars-for-sale?listingType=USED');
      },
    );

    it('adds Secure when served over TLS', async () => {
      const tls = await startGateway(up.url, { TRUST_PROXY: '1' });
      try {
        const res = await signIn(
          tls,
          { email: 'pat@example.com', returnUrl: '/cars-for-sale' },
          { 'x-forwarded-proto': 'https', host: 'cars.test' },
        );
        expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      } finally {
        await tls.close();
      }
      const always = await startGateway(up.url, { GATEWAY_TLS: '1' });
      try {
        const res = await signIn(always, { email: 'pat@example.com' });
        expect(String(res.headers['set-cookie'])).toContain('; Secure');
        expect(res.headers['strict-transport-security']).toContain('max-age=');
      } finally {
        await always.close();
      }
    });

    it('passes a refused form back with 400 and never 5xx', async () => {
      const res = await signIn(gw, { email: 'not an email' });
      expect(res.statusCode).toBe(400);
      const bad = await signIn(gw, { email: 'x'.repeat(500) });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('identity', () => {
    it('sends the identity token of the signed-in cookie to account calls', async () => {
      const res = await gw.app.inject({ url: '/account-api/savedsearches', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ savedSearches: [], limit: 2 });
    });

    // Each of these signs in anew: a session's token is cached a minute once looked up.
    const freshCookie = async () => String((await signIn(gw, { email: 'pat@example.com' })).headers['set-cookie']).split(';')[0];

    it("lets the call proceed as signed out when the lookup fails, and marks its answer as not the shopper's own", async () => {
      const session = await freshCookie();
      await up.fault('tokenLookup', { status: 503 });
      const before = await fires('savedSearchList');
      // search-results §8: the lookup yields null and the call proceeds.
      const list = await gw.app.inject({ url: '/account-api/savedsearches', headers: { cookie: session } });
      expect(await fires('savedSearchList')).toBe(before + 1);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ savedSearches: [] });
      // The page reads such a list as one that could not be loaded (remote-kit api), never as none.
      expect(list.headers[FALLBACK_HEADER]).toBe(IDENTITY_UNKNOWN);
      expect(list.headers['cache-control']).toBe('no-store');
      // A write proceeds as a signed-out shopper's: no identity token goes with it.
      const save = await gw.app.inject({
        method: 'POST',
        url: '/account-api/savedsearches',
        headers: { cookie: session },
        payload: { saveSearchString: 'makeCode=FORD', title: 'Fords' },
      });
      expect(save.statusCode).toBeLessThan(500);
      expect(save.headers[FALLBACK_HEADER]).toBe(IDENTITY_UNKNOWN);
      await up.clearFaults();
      const again = await gw.app.inject({ url: '/account-api/savedsearches', headers: { cookie: session } });
      expect(again.statusCode).toBe(200);
      expect(again.headers[FALLBACK_HEADER]).toBeUndefined();
      // Nothing was saved for the shopper while the account could not be checked.
      expect(again.json().savedSearches).toEqual([]);
    });

    it('answers a session the lookup does not know as signed out', async () => {
      const res = await gw.app.inject({ url: '/account-api/savedsearches', headers: { cookie: 'cfs_session=not-a-session' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ savedSearches: [] });
    });

    it('looks a session up once, not on every account call', async () => {
      const session = await freshCookie();
      const before = await fires('tokenLookup');
      for (let i = 0; i < 3; i++)
        expect((await gw.app.inject({ url: '/account-api/savedsearches', headers: { cookie: session } })).statusCode).toBe(200);
      expect(await fires('tokenLookup')).toBe(before + 1);
    });

    it('gives the lookup and the account call one budget: the route timeout, not the sum of both', async () => {
      const session = await freshCookie();
      // Each within its own 3 s timeout, together over it.
      await up.fault('tokenLookup', { latencyMs: 1800, times: 1 });
      await up.fault('savedSearchList', { latencyMs: 1800, times: 1 });
      const res = await gw.app.inject({ url: '/account-api/savedsearches', headers: { cookie: session } });
      expect(res.statusCode).toBe(504);
      expect(res.json().error).toBe('Request timed out');
    });

    it('never passes cookies or identity headers from the browser', async () => {
      const res = await gw.app.inject({
        url: '/account-api/savedsearches',
        headers: { 'x-identity-token': 'forged', 'x-session-id': 'forged' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ savedSearches: [] });
      expect(res.headers['x-fallback']).toBe('empty');
    });
  });

  describe('browsing history in the first-load state', () => {
    it('is fetched for signed-in people at most once per gap, and skipped for bots', async () => {
      const alert = await gw.app.inject({
        method: 'POST',
        url: '/account-api/still-interested',
        headers: { cookie },
        payload: { brand: 'atc', vins: [vin] },
      });
      expect(alert.statusCode).toBe(202);
      const before = await fires('browsingHistory');
      const first = state((await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...PERSON, cookie } })).body);
      expect(first.signedIn).toBe(true);
      expect(first.browsingHistory.vins).toEqual([vin]);
      expect(first.browsingHistory.alerts).toHaveLength(1);
      // The shopper's consumer id, which the still-interested alert sends back as consumer_id.
      expect(first.browsingHistory.consumerId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(await fires('browsingHistory')).toBe(before + 1);
      const second = state((await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...PERSON, cookie } })).body);
      expect(second.browsingHistory).toEqual(first.browsingHistory);
      expect(await fires('browsingHistory')).toBe(before + 1);
      const bot = state((await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...BOT, cookie } })).body);
      expect(bot.browsingHistory).toBeNull();
      const anonymous = state((await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: PERSON })).body);
      expect(anonymous.browsingHistory).toBeNull();
      expect(await fires('browsingHistory')).toBe(before + 1);
    });

    it('is fetched again once the gap has passed', async () => {
      const noGap = await startGateway(up.url, { BROWSING_HISTORY_GAP_MS: '0' });
      try {
        for (let i = 0; i < 2; i++) await noGap.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...PERSON, cookie } });
        const m = (await noGap.app.inject('/metrics')).body;
        expect(m).toContain('gateway_breaker_events_total{name="browsingHistory",event="fire"} 2');
      } finally {
        await noGap.close();
      }
    });
  });

  describe('saved-search redirects', () => {
    it("go to the bookmark's search, normalised with paging reset, and record the run", async () => {
      const saved = await gw.app.inject({
        method: 'POST',
        url: '/account-api/savedsearches',
        headers: { cookie },
        payload: { saveSearchString: 'makeCode=ford&zip=30301&firstRecord=48', title: 'Fords' },
      });
      const { bookmarkId } = saved.json().savedSearch;
      const runs = await fires('recordSearch');
      const first = await gw.app.inject({ url: `/cars-for-sale?searchBookmarkId=${bookmarkId}`, headers: { ...PERSON, cookie } });
      const url = first.statusCode === 301 ? (first.headers.location as string) : `/cars-for-sale?searchBookmarkId=${bookmarkId}`;
      const res = await gw.app.inject({ url, headers: { ...PERSON, cookie } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD');
      expect((await gw.app.inject({ url: res.headers.location as string, headers: PERSON })).statusCode).toBe(200);
      await new Promise((r) => setImmediate(r));
      expect(await fires('recordSearch')).toBe(runs + 1);
    });

    it('a shared search link opens the search for someone else, signed in or not, without recording a run', async () => {
      const saved = await gw.app.inject({
        method: 'POST',
        url: '/account-api/savedsearches',
        headers: { cookie },
        payload: { saveSearchString: 'makeCode=toyota&zip=30301', title: 'Toyotas' },
      });
      const { bookmarkId } = saved.json().savedSearch;
      const runs = await fires('recordSearch');
      const res = await gw.app.inject({ url: `/cars-for-sale?listingType=USED&searchBookmarkId=${bookmarkId}`, headers: PERSON });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/cars-for-sale?zip=30301&listingType=USED&makeCode=TOYOTA');
      await new Promise((r) => setImmediate(r));
      expect(await fires('recordSearch')).toBe(runs);
    });

    it('fall back to empty filters when the bookmark is not found or nobody is signed in', async () => {
      for (const headers of [{ ...PERSON, cookie }, PERSON]) {
        const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED&searchBookmarkId=nosuchbookmark', headers });
        expect(res.statusCode).toBe(302);
        // Empty filters, already normalised: the browser lands on the page, not on another redirect.
        expect(res.headers.location).toBe('/cars-for-sale?listingType=USED');
        expect((await gw.app.inject({ url: res.headers.location as string, headers: PERSON })).statusCode).toBe(200);
      }
      await up.fault('searchBookmarks', { status: 500 });
      const failing = await gw.app.inject({
        url: '/cars-for-sale?listingType=USED&searchBookmarkId=whatever',
        headers: { ...PERSON, cookie },
      });
      expect(failing.headers.location).toBe('/cars-for-sale?listingType=USED');
    });
  });

  describe('the recent-inventory view', () => {
    const cookieOf = (setCookie: string | string[] | undefined) =>
      (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).find((c) => c.startsWith(`${INVENTORY_VIEW_COOKIE}=`));

    it('records each search-page visit for a day and hands the next page the previous one', async () => {
      const before = Date.now();
      const first = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: PERSON });
      expect(first.statusCode).toBe(200);
      expect(state(first.body).lastInventoryView).toBeNull();
      const set = cookieOf(first.headers['set-cookie'])!;
      expect(set).toMatch(/HttpOnly/i);
      expect(set).toMatch(/SameSite=Lax/i);
      expect(set).toMatch(/Max-Age=86400/);
      const at = Number(set.split(';')[0].split('=')[1]);
      expect(at).toBeGreaterThanOrEqual(before);
      const next = await gw.app.inject({
        url: '/cars-for-sale/all/ford/f150?listingType=USED',
        headers: { ...PERSON, cookie: set.split(';')[0] },
      });
      expect(state(next.body).lastInventoryView).toBe(at);
    });

    it('ignores a cookie that is not a past time', async () => {
      for (const value of ['soon', '-5', String(Date.now() + 86_400_000), '1e21']) {
        const res = await gw.app.inject({
          url: '/cars-for-sale?listingType=USED',
          headers: { ...PERSON, cookie: `${INVENTORY_VIEW_COOKIE}=${value}` },
        });
        expect(res.statusCode).toBe(200);
        expect(state(res.body).lastInventoryView).toBeNull();
      }
    });
  });
});
