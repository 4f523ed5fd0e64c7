import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { LIMITS, MESSAGES } from '@cfs/contracts';
import { accountRoutes } from '../src/routes/account';
import { signinRoutes } from '../src/routes/signin';
import { readStoredAccount } from '../src/store/account-store';

const SIGNIN = '/account/signin';
let dataDir: string;
let app: FastifyInstance;

async function build(): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(accountRoutes, { dataDir });
  await a.register(signinRoutes, { dataDir, signInPath: SIGNIN });
  await a.ready();
  return a;
}

/** Restart: close the app (flushes and forgets the store) and build a new one over the same folder. */
async function restart() {
  await app.close();
  app = await build();
}

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

async function signIn(email: string, extra: Record<string, string> = {}): Promise<{ cookie: string; session: string; token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: SIGNIN,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ email, firstName: 'Sam', lastName: 'Rivera', returnUrl: '/cars-for-sale', ...extra }),
  });
  expect(res.statusCode).toBe(303);
  const cookie = String(res.headers['set-cookie']);
  const session = /cfs_session=([^;]+)/.exec(cookie)![1];
  const t = await app.inject(`/account-api/token?session=${encodeURIComponent(session)}`);
  expect(t.statusCode).toBe(200);
  return { cookie, session, token: t.json().token };
}

const as = (token: string) => ({ 'x-identity-token': token });

beforeEach(async () => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-acct-')), 'data');
  app = await build();
});
afterEach(async () => {
  await app.close();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe('sign-in', () => {
  it('renders an accessible form for the signup screen with the return URL kept', async () => {
    const res = await app.inject(
      `${SIGNIN}?defaultScreen=signup&returnUrl=${encodeURIComponent('/cars-for-sale?makeCode=FORD&zip=30301')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<h1>Create your account</h1>');
    for (const [id, label] of [
      ['email', 'Email'],
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}" name="${id}"`);
    }
    expect(html).toMatch(/<button type="submit">Create account<\/button>/);
    expect(html).toContain('name="returnUrl" value="/cars-for-sale?makeCode=FORD&amp;zip=30301"');
  });

  it('never puts a foreign return URL into the form, and escapes what it shows', async () => {
    const evil = await app.inject(`${SIGNIN}?returnUrl=${encodeURIComponent('//evil.com')}`);
    expect(evil.body).toContain('name="returnUrl" value="/cars-for-sale"');
    const xss = await app.inject(`${SIGNIN}?returnUrl=${encodeURIComponent('/"><script>x</script>')}`);
    expect(xss.body).not.toContain('<script>');
    expect((await app.inject(`${SIGNIN}?defaultScreen=bogus`)).statusCode).toBe(400);
  });

  it('a form post sets an HttpOnly, SameSite=Lax, Path=/ session cookie and answers 303 to the return URL', async () => {
    const res = await app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ email: 'kim@example.com', firstName: 'Kim', lastName: 'Park', returnUrl: '/cars-for-sale?makeCode=HONDA' }),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cars-for-sale?makeCode=HONDA');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^cfs_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
  });

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com/x', 'evil.com', '/\t/evil.com', ''])(
    'returns %j to /cars-for-sale',
    async (returnUrl) => {
      const res = await app.inject({
        method: 'POST',
        url: SIGNIN,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form({ email: 'r@example.com', returnUrl }),
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/cars-for-sale');
    },
  );

  it('takes JSON too, and the same email is the same consumer', async () => {
    const a = await app.inject({ method: 'POST', url: SIGNIN, payload: { email: 'json@example.com', returnUrl: '/x' } });
    expect(a.statusCode).toBe(303);
    expect(a.headers.location).toBe('/x');
    const one = await signIn('JSON@example.com');
    const two = await signIn('json@example.com');
    expect(one.token).not.toBe(two.token);
    await app.inject({ method: 'PUT', url: '/account-api/lead-profile', headers: as(one.token), payload: { firstName: 'J' } });
    expect((await app.inject({ url: '/account-api/lead-profile', headers: as(two.token) })).json().firstName).toBe('J');
  });

  it('refuses a field the form does not have, by name, and stores nothing', async () => {
    const json = await app.inject({
      method: 'POST',
      url: SIGNIN,
      payload: { email: 'extra@example.com', isAdmin: 'true' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: "The form has an unknown field 'isAdmin'" });
    const page = await app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ email: 'extra@example.com', password: 'x' }),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('The form has an unknown field &#39;password&#39;');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('a bad email re-renders the form with the problem (form) or answers 400 JSON', async () => {
    const html = await app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ email: 'not-an-email', firstName: '<b>x</b>' }),
    });
    expect(html.statusCode).toBe(400);
    expect(html.body).toContain('role="alert"');
    expect(html.body).toContain('email is not a valid email address');
    expect(html.headers['set-cookie']).toBeUndefined();
    const json = await app.inject({ method: 'POST', url: SIGNIN, payload: { firstName: 'No email' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'email is required' });
  });
});

describe('token lookup', () => {
  it('turns a session into its identity token (query or x-session-id header); unknown is 404', async () => {
    const { session, token } = await signIn('tok@example.com');
    const h = await app.inject({ url: '/account-api/token', headers: { 'x-session-id': session } });
    expect(h.json()).toEqual({ token });
    const unknown = await app.inject('/account-api/token?session=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBeTruthy();
    expect((await app.inject('/account-api/token')).statusCode).toBe(400);
  });
});

describe('saved searches and bookmarks', () => {
  it('needs sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/account-api/savedsearches'],
      ['GET', '/account-api/searchbookmarks'],
      ['GET', '/account-api/browsing-history'],
      ['GET', '/account-api/lead-profile'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/Sign in/);
      expect((await app.inject({ method, url, headers: as('forged') })).statusCode).toBe(401);
    }
    const post = await app.inject({
      method: 'POST',
      url: '/account-api/savedsearches',
      payload: { saveSearchString: 'zip=30301', title: 'x' },
    });
    expect(post.statusCode).toBe(401);
  });

  it(`refuses a free user's third save with the spec's message`, async () => {
    const { token } = await signIn('saver@example.com');
    const save = (s: string, title: string) =>
      app.inject({ method: 'POST', url: '/account-api/savedsearches', headers: as(token), payload: { saveSearchString: s, title } });
    const first = await save('makeCode=FORD&zip=30301', 'Used Ford near 30301');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ count: 1, savedSearch: { title: 'Used Ford near 30301', bookmarkId: expect.any(String) } });
    expect((await save('makeCode=HONDA', 'Hondas')).statusCode).toBe(201);
    const third = await save('makeCode=TOYOTA', 'Toyotas');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: 'You have a maximum of 2 searches saved.' });
    expect(third.json().error).toBe(MESSAGES.maxSavedSearches);
    // Saving an already saved search again is fine.
    expect((await save('zip=30301&makeCode=FORD', 'again')).statusCode).toBe(200);
    const list = await app.inject({ url: '/account-api/savedsearches', headers: as(token) });
    expect(list.json().savedSearches).toHaveLength(LIMITS.freeSavedSearches);
    expect(list.json().savedSearches[0]).toEqual(
      expect.objectContaining({
        saveSearchString: expect.stringContaining('makeCode=FORD'),
        title: 'Used Ford near 30301',
        bookmarkDate: expect.any(String),
        bookmarkId: expect.any(String),
      }),
    );
  });

  it('rejects bad values with 400 { error }', async () => {
    const { token } = await signIn('bad@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/account-api/savedsearches',
      headers: as(token),
      payload: { saveSearchString: 'zip=30301' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'title is required' });
    const blank = await app.inject({
      method: 'POST',
      url: '/account-api/savedsearches',
      headers: as(token),
      payload: { saveSearchString: '', title: '   ' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('looks a bookmark up, records runs and shares it; an unknown one is "Bookmark not found"', async () => {
    const { token } = await signIn('bm@example.com');
    const saved = await app.inject({
      method: 'POST',
      url: '/account-api/savedsearches',
      headers: as(token),
      payload: { saveSearchString: 'makeCode=FORD&modelCode=F150&zip=30301', title: 'F-150s' },
    });
    const id = saved.json().savedSearch.bookmarkId as string;

    const missing = await app.inject({ url: '/account-api/searchbookmarks?searchBookmarkId=bm-nothing', headers: as(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Bookmark not found' });

    const found = await app.inject({ url: `/account-api/searchbookmarks?searchBookmarkId=${id}`, headers: as(token) });
    expect(found.statusCode).toBe(200);
    const bean = found.json().myAtcSearchViewBeans[0];
    expect(bean).toMatchObject({
      bookmarkId: id,
      bookmarkTitle: 'F-150s',
      textModalDisclaimer: expect.any(String),
      saveSearchInstrText: expect.any(String),
    });
    expect(bean.searchResultsURL).toMatch(/^\/cars-for-sale\?/);
    expect(bean.searchResultsURL).toContain('modelCode=F150');

    // Someone else's bookmark is not found for me.
    const other = await signIn('other@example.com');
    expect((await app.inject({ url: `/account-api/searchbookmarks?searchBookmarkId=${id}`, headers: as(other.token) })).statusCode).toBe(
      404,
    );

    const run = await app.inject({
      method: 'POST',
      url: '/account-api/search',
      headers: as(token),
      payload: { bookmarkId: id, bookmarkTitle: 'F-150s', searchName: 'F-150s', lastExecuted: '2026-01-02T03:04:05.000Z' },
    });
    expect(run.statusCode).toBe(204);
    const after = await app.inject({ url: `/account-api/searchbookmarks?searchBookmarkId=${id}`, headers: as(token) });
    expect(after.json().myAtcSearchViewBeans[0].lastExecuted).toBe('2026-01-02T03:04:05.000Z');
    const badRun = await app.inject({
      method: 'POST',
      url: '/account-api/search',
      headers: as(token),
      payload: { bookmarkId: id, lastExecuted: 'yesterday-ish' },
    });
    expect(badRun.statusCode).toBe(400);
    const unknownRun = await app.inject({
      method: 'POST',
      url: '/account-api/search',
      headers: as(token),
      payload: { bookmarkId: 'bm-none' },
    });
    expect(unknownRun.statusCode).toBe(404);

    const shared = await app.inject(`/account-api/searchbookmarks/share-bookmark/${id}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ bookmarkId: id, bookmarkTitle: 'F-150s', searchResultsURL: bean.searchResultsURL });
    const sharedMissing = await app.inject('/account-api/searchbookmarks/share-bookmark/bm-none');
    expect(sharedMissing.statusCode).toBe(404);
    expect(sharedMissing.json()).toEqual({ error: MESSAGES.bookmarkNotFound });
  });

  it('keeps everything across a restart', async () => {
    const { token, session } = await signIn('persist@example.com');
    await app.inject({
      method: 'POST',
      url: '/account-api/savedsearches',
      headers: as(token),
      payload: { saveSearchString: 'makeCode=KIA', title: 'Kias' },
    });
    await app.inject({
      method: 'PUT',
      url: '/account-api/lead-profile',
      headers: as(token),
      payload: { firstName: 'Pat', lastName: 'Doe', email: 'pat@example.com' },
    });
    await app.inject({
      method: 'POST',
      url: '/account-api/email-subscriptions',
      payload: { email: 'persist@example.com', brand: 'atc', search: 'makeCode=KIA' },
    });
    await restart();
    expect((await app.inject(`/account-api/token?session=${encodeURIComponent(session)}`)).json()).toEqual({ token });
    const list = await app.inject({ url: '/account-api/savedsearches', headers: as(token) });
    expect(list.json().savedSearches.map((s: { title: string }) => s.title)).toEqual(['Kias']);
    expect((await app.inject({ url: '/account-api/lead-profile', headers: as(token) })).json()).toMatchObject({
      firstName: 'Pat',
      email: 'pat@example.com',
    });
    const again = await app.inject({
      method: 'POST',
      url: '/account-api/email-subscriptions',
      payload: { email: 'persist@example.com', brand: 'atc', search: 'makeCode=KIA' },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('email subscriptions', () => {
  const sub = (payload: object) => app.inject({ method: 'POST', url: '/account-api/email-subscriptions', payload });

  it('subscribes, warns when already subscribed to the same search', async () => {
    const first = await sub({ email: 'alerts@example.com', brand: 'atc', search: 'makeCode=FORD' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'success', message: expect.any(String) });
    const again = await sub({ email: 'ALERTS@example.com', brand: 'atc', search: 'makeCode=FORD' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'warning', message: expect.any(String) });
    expect((await sub({ email: 'alerts@example.com', brand: 'atc', search: 'makeCode=HONDA' })).statusCode).toBe(201);
  });

  it('answers success to a filled honeypot but stores nothing', async () => {
    const bot = await sub({ email: 'bot@example.com', brand: 'atc', search: 'makeCode=FORD', textPot: 'gotcha' });
    expect(bot.statusCode).toBe(200);
    expect(bot.json()).toMatchObject({ status: 'success' });
    const stored = readStoredAccount(dataDir);
    expect(stored.subscriptions).toEqual([]);
    // The same address and search then subscribes for real.
    expect((await sub({ email: 'bot@example.com', brand: 'atc', search: 'makeCode=FORD', textPot: '' })).statusCode).toBe(201);
  });

  it('validates the email: required, valid-looking, at most 45 characters', async () => {
    const at45 = `${'a'.repeat(33)}@example.com`;
    const at46 = `${'a'.repeat(34)}@example.com`;
    expect(at45).toHaveLength(LIMITS.emailMaxLength);
    expect(at46).toHaveLength(46);
    const long = await sub({ email: at46, brand: 'atc' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'email must be at most 45 characters' });
    expect((await sub({ email: at45, brand: 'atc' })).statusCode).toBe(201);
    expect((await sub({ brand: 'atc' })).json()).toEqual({ error: 'email is required' });
    expect((await sub({ email: 'nope', brand: 'atc' })).json()).toEqual({ error: 'email is not a valid email address' });
    const brand = await sub({ email: 'b@example.com', brand: 'elsewhere' });
    expect(brand.statusCode).toBe(400);
    expect(brand.json().error).toMatch(/^brand must be one of atc, kbb/);
  });
});

describe('leads', () => {
  it('one-click without a lead profile is 400; with one it sends', async () => {
    const { token } = await signIn('lead@example.com');
    const noProfile = await app.inject({ url: '/account-api/lead-profile', headers: as(token) });
    expect(noProfile.statusCode).toBe(404);
    const oneClick = () =>
      app.inject({ method: 'POST', url: '/account-api/leads/one-click', headers: as(token), payload: { listingId: '700000001' } });
    const refused = await oneClick();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/lead profile/i);
    await app.inject({
      method: 'PUT',
      url: '/account-api/lead-profile',
      headers: as(token),
      payload: { firstName: 'Lee', isOneClickOptedIn: true },
    });
    const partial = await oneClick();
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toBe('The lead profile lacks last name, email');
    const put = await app.inject({
      method: 'PUT',
      url: '/account-api/lead-profile',
      headers: as(token),
      payload: { lastName: 'Chan', email: 'lee@example.com', phone: '(555) 123-4567' },
    });
    expect(put.json()).toEqual({
      firstName: 'Lee',
      lastName: 'Chan',
      email: 'lee@example.com',
      phone: '(555) 123-4567',
      isOneClickOptedIn: true,
    });
    const sent = await oneClick();
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'SUCCESS' });
    await app.close();
    const stored = readStoredAccount(dataDir);
    expect(stored.leads[0]).toMatchObject({
      kind: 'one-click',
      listingId: '700000001',
      comment: MESSAGES.oneClickComment,
      email: 'lee@example.com',
    });
    app = await build();
  });

  it('emails a dealer anonymously; bad values are 400', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/account-api/leads',
      headers: { 'x-anonymous-id': 'anon-123' },
      payload: { listingId: '700000002', firstName: 'A', lastName: 'B', email: 'ab@example.com', comment: 'Is it available?' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'SUCCESS' });
    const bad = await app.inject({
      method: 'POST',
      url: '/account-api/leads',
      payload: { listingId: '700000002', firstName: 'A', lastName: 'B', comment: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'email is required' });
    const badProfile = await app.inject({
      method: 'PUT',
      url: '/account-api/lead-profile',
      headers: as((await signIn('p@example.com')).token),
      payload: { phone: 'call me maybe' },
    });
    expect(badProfile.statusCode).toBe(400);
    expect(badProfile.json()).toEqual({ error: 'phone has an invalid format' });
    const badAnon = await app.inject({
      method: 'POST',
      url: '/account-api/report-listing',
      headers: { 'x-anonymous-id': 'bad id!' },
      payload: { listingId: '1', reason: 'x' },
    });
    expect(badAnon.statusCode).toBe(400);
  });
});

describe('reports, still-interested, browsing history and devices', () => {
  it('reports a listing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/account-api/report-listing',
      payload: { listingId: '700000003', reason: 'Wrong price' },
    });
    expect(res.statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/account-api/report-listing', payload: { listingId: '700000003' } })).json()).toEqual({
      error: 'reason is required',
    });
  });

  it('accepts still-interested alerts (JSON or a text/plain beacon) and shows them in the browsing history', async () => {
    const { token } = await signIn('hist@example.com');
    const vin = '1FTFW1E50MFA00001';
    const res = await app.inject({
      method: 'POST',
      url: '/account-api/still-interested',
      headers: as(token),
      payload: { brand: 'atc', vins: [vin.toLowerCase()] },
    });
    expect(res.statusCode).toBe(202);
    const beacon = await app.inject({
      method: 'POST',
      url: '/account-api/still-interested',
      headers: { ...as(token), 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ brand: 'kbb', vins: ['2HGFC2F59MH000002'], email: 'hist@example.com' }),
    });
    expect(beacon.statusCode).toBe(202);
    const history = await app.inject({ url: '/account-api/browsing-history', headers: as(token) });
    expect(history.statusCode).toBe(200);
    expect(history.json().vins.sort()).toEqual(['1FTFW1E50MFA00001', '2HGFC2F59MH000002']);
    expect(history.json().alerts).toHaveLength(2);
    const eleven = Array.from({ length: 11 }, (_, i) => `1FTFW1E50MFA000${String(i).padStart(2, '0')}`);
    const tooMany = await app.inject({ method: 'POST', url: '/account-api/still-interested', payload: { brand: 'atc', vins: eleven } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: 'vins must hold at most 10 items' });
    expect(
      (await app.inject({ method: 'POST', url: '/account-api/still-interested', payload: { brand: 'atc', vins: [] } })).statusCode,
    ).toBe(400);
    const notJson = await app.inject({
      method: 'POST',
      url: '/account-api/still-interested',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('registers a browser device (201, then 200 for the same token)', async () => {
    const body = { brand: 'atc', pixall_id: 'px-1', browser_token: 'tok:abc.def-123' };
    expect((await app.inject({ method: 'POST', url: '/cars-for-sale/consumer-device/browser', payload: body })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/cars-for-sale/consumer-device/browser', payload: body })).statusCode).toBe(200);
    const stored = await app.inject(`/__devices/atc/${encodeURIComponent(body.browser_token)}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ brand: 'atc', pixallId: 'px-1', browserToken: 'tok:abc.def-123' });
    expect((await app.inject('/__devices/atc/unknown-token')).statusCode).toBe(404);
    expect((await app.inject({ url: `/__devices/atc/${body.browser_token}`, remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    const bad = await app.inject({ method: 'POST', url: '/cars-for-sale/consumer-device/browser', payload: { brand: 'atc' } });
    expect(bad.json()).toEqual({ error: 'browser_token is required' });
  });
});

describe('concurrent writes', () => {
  it('loses none of 20 parallel subscriptions and saves, and the limit holds under concurrency', async () => {
    const subs = Array.from({ length: 20 }, (_, i) =>
      app.inject({
        method: 'POST',
        url: '/account-api/email-subscriptions',
        payload: { email: `p${i}@example.com`, brand: 'atc', search: `makeCode=FORD&zip=${30300 + i}` },
      }),
    );
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(`par${i}@example.com`)));
    const saves = people.flatMap((p, i) =>
      [0, 1].map((k) =>
        app.inject({
          method: 'POST',
          url: '/account-api/savedsearches',
          headers: as(p.token),
          payload: { saveSearchString: `zip=${30300 + i}&startYear=${2010 + k}`, title: `s${i}-${k}` },
        }),
      ),
    );
    const results = await Promise.all([...subs, ...saves]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const one = people[0];
    const raced = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        app.inject({
          method: 'POST',
          url: '/account-api/savedsearches',
          headers: as(one.token),
          payload: { saveSearchString: `makeCode=TESLA&startYear=${2000 + k}`, title: `race ${k}` },
        }),
      ),
    );
    // people[0] already has 2 saved: every racing save is refused.
    expect(raced.every((r) => r.statusCode === 409)).toBe(true);

    await restart();
    const stored = readStoredAccount(dataDir);
    expect(stored.subscriptions).toHaveLength(20);
    for (const [i, p] of people.entries()) {
      const list = await app.inject({ url: '/account-api/savedsearches', headers: as(p.token) });
      expect(
        list
          .json()
          .savedSearches.map((s: { title: string }) => s.title)
          .sort(),
      ).toEqual([`s${i}-0`, `s${i}-1`]);
    }
    for (let i = 0; i < 20; i++) {
      const again = await app.inject({
        method: 'POST',
        url: '/account-api/email-subscriptions',
        payload: { email: `p${i}@example.com`, brand: 'atc', search: `makeCode=FORD&zip=${30300 + i}` },
      });
      expect(again.statusCode).toBe(409);
    }
  });

  it('lets exactly two of 20 parallel saves of one new user through', async () => {
    const p = await signIn('racer@example.com');
    const raced = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        app.inject({
          method: 'POST',
          url: '/account-api/savedsearches',
          headers: as(p.token),
          payload: { saveSearchString: `makeCode=MAZDA&startYear=${2000 + k}`, title: `r${k}` },
        }),
      ),
    );
    expect(raced.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(raced.filter((r) => r.statusCode === 409)).toHaveLength(18);
    await restart();
    expect((await app.inject({ url: '/account-api/savedsearches', headers: as(p.token) })).json().savedSearches).toHaveLength(2);
  });
});
