/**
 * The caching and security headers of every document the gateway answers, against the real
 * upstream: one row per page, redirect and error answer with the headers it must carry (the table
 * of page/headers.ts, checked from the outside). Vary names every request header the body reads,
 * merged with the accept-encoding of compression; the sign-in page keeps a policy at least as
 * strict as the one the upstream sends with it.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SearchResult } from '@cfs/contracts';
import { builtDist, deploy, lookAfter, startGateway, startUpstream, type TestGateway, type Upstream, PERSON } from './helpers';
import { canonicalSearch, emptySearchUrl } from '../src/page/routes';
import { mergedVary } from '../src/page/headers';
import { SIGN_IN_CSP, signInCsp } from '../src/security';
import { PUSH_WORKER_URL } from '../src/page/push-worker';

/** The embedded upstream keeps each catalogue listing's sold twin this far below its id (listing.ts SOLD_OFFSET). */
const SOLD_OFFSET = 100_000_000;
const HOST = 'cars.test';
const BROWSER = { ...PERSON, host: HOST, 'accept-encoding': 'br, gzip' };

interface Expected {
  status: number;
  cache: string;
  /** Names the Vary must hold (in any order, each once); [] for none required. */
  vary: string[];
  referrer: 'same-origin' | 'no-referrer';
  /** Directives the answer's Content-Security-Policy must hold. */
  csp: string[];
  frame?: 'SAMEORIGIN' | 'DENY';
}

interface Row extends Expected {
  name: string;
  request: (ids: { listing: string }) => InjectOptions;
  /** The row is answered while the listing upstream fails. */
  upstreamDown?: boolean;
}

const PAGE_CSP = ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'self'"];
const VEHICLE_CSP = ["default-src 'none'", "img-src 'self'", "base-uri 'none'", "frame-ancestors 'self'"];

const ROWS: Row[] = [
  {
    name: 'search page',
    request: () => ({ url: emptySearchUrl('atc'), headers: { ...BROWSER, referer: `http://${HOST}/cars-for-sale/vehicle/1` } }),
    status: 200,
    cache: 'private, no-cache',
    vary: ['cookie', 'user-agent', 'referer', 'accept-encoding'],
    referrer: 'same-origin',
    csp: PAGE_CSP,
    frame: 'SAMEORIGIN',
  },
  {
    name: 'search page asked for without compression (its Vary still says accept-encoding)',
    request: () => ({ url: emptySearchUrl('atc'), headers: { ...PERSON, host: HOST } }),
    status: 200,
    cache: 'private, no-cache',
    vary: ['cookie', 'user-agent', 'referer', 'accept-encoding'],
    referrer: 'same-origin',
    csp: PAGE_CSP,
    frame: 'SAMEORIGIN',
  },
  {
    name: 'search error screen (the base search failed)',
    request: () => ({ url: emptySearchUrl('atc'), headers: BROWSER }),
    upstreamDown: true,
    status: 500,
    cache: 'no-store',
    vary: ['cookie', 'user-agent', 'referer', 'accept-encoding'],
    referrer: 'same-origin',
    csp: PAGE_CSP,
    frame: 'SAMEORIGIN',
  },
  {
    name: 'search page URL in another form (301)',
    request: () => ({ url: '/cars-for-sale?unknownKey=1', headers: BROWSER }),
    status: 301,
    cache: 'no-cache',
    vary: [],
    referrer: 'same-origin',
    csp: [],
  },
  {
    name: 'remembered radius (302)',
    request: () => ({ url: '/cars-for-sale?zip=30301&listingType=USED', headers: { ...BROWSER, cookie: 'cfs_search_radius=25' } }),
    status: 302,
    cache: 'no-store',
    vary: ['cookie', 'user-agent'],
    referrer: 'same-origin',
    csp: [],
  },
  {
    name: 'saved search not found (302)',
    request: () => ({
      url: `/cars-for-sale?${canonicalSearch('/cars-for-sale', 'searchBookmarkId=none', 'atc', []).search}`,
      headers: BROWSER,
    }),
    status: 302,
    cache: 'no-store',
    vary: [],
    referrer: 'same-origin',
    csp: [],
  },
  {
    name: 'vehicle page',
    request: ({ listing }) => ({
      url: `/cars-for-sale/vehicle/${listing}?clickType=listing`,
      headers: { ...BROWSER, referer: `http://${HOST}/cars-for-sale/all/ford` },
    }),
    status: 200,
    cache: 'no-cache',
    vary: ['referer', 'accept-encoding'],
    referrer: 'same-origin',
    csp: VEHICLE_CSP,
    frame: 'SAMEORIGIN',
  },
  {
    name: 'vehicle page of an id that names no listing (404 page)',
    request: () => ({ url: '/cars-for-sale/vehicle/a.b', headers: BROWSER }),
    status: 404,
    cache: 'no-store',
    vary: [],
    referrer: 'same-origin',
    csp: VEHICLE_CSP,
    frame: 'SAMEORIGIN',
  },
  {
    name: 'vehicle page while the upstream fails (503 page)',
    request: ({ listing }) => ({ url: `/cars-for-sale/vehicle/${listing}`, headers: BROWSER }),
    upstreamDown: true,
    status: 503,
    cache: 'no-store',
    vary: [],
    referrer: 'same-origin',
    csp: VEHICLE_CSP,
    frame: 'SAMEORIGIN',
  },
  {
    name: 'listing no longer available (302 to its search)',
    request: ({ listing }) => ({ url: `/cars-for-sale/vehicle/${Number(listing) - SOLD_OFFSET}`, headers: BROWSER }),
    status: 302,
    cache: 'no-store',
    vary: [],
    referrer: 'same-origin',
    csp: [],
  },
  {
    name: "a listing's payment link (302 to its vehicle page, which reads the Referer)",
    request: ({ listing }) => ({ url: `/cars-for-sale/payments/${listing}`, headers: BROWSER }),
    status: 302,
    cache: 'no-store',
    vary: [],
    referrer: 'same-origin',
    csp: [],
  },
  {
    name: 'sign-in page',
    request: () => ({ url: '/account/signin?defaultScreen=signup', headers: BROWSER }),
    status: 200,
    cache: 'no-store',
    vary: [],
    referrer: 'no-referrer',
    csp: ["default-src 'none'", "frame-ancestors 'none'", "form-action 'self'"],
    frame: 'DENY',
  },
  {
    name: 'sign-in form with a problem (400 page)',
    request: () => ({
      method: 'POST',
      url: '/account/signin',
      headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=not-an-email',
    }),
    status: 400,
    cache: 'no-store',
    vary: [],
    referrer: 'no-referrer',
    csp: ["default-src 'none'", "frame-ancestors 'none'"],
    frame: 'DENY',
  },
  {
    name: 'signed in (303 to the return URL)',
    request: () => ({
      method: 'POST',
      url: '/account/signin',
      headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=pat%40example.com',
    }),
    status: 303,
    cache: 'no-store',
    vary: [],
    referrer: 'no-referrer',
    csp: [],
  },
  {
    name: 'push worker',
    request: () => ({ url: PUSH_WORKER_URL, headers: BROWSER }),
    status: 200,
    cache: 'no-cache',
    vary: ['accept-encoding'],
    referrer: 'no-referrer',
    csp: [],
  },
  {
    name: 'a path under the page that is not one (404)',
    request: () => ({ url: '/cars-for-sale/nothing/here', headers: BROWSER }),
    status: 404,
    cache: 'no-store',
    vary: [],
    referrer: 'no-referrer',
    csp: [],
  },
];

/** The names of a Vary header, lower case, in order. */
function varyOf(res: LightMyRequestResponse): string[] {
  const raw = res.headers.vary;
  return (Array.isArray(raw) ? raw.join(',') : String(raw ?? ''))
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

/** The policies of a Content-Security-Policy answer, each as its directives ('name value…'). */
function policiesOf(raw: string | string[] | number | undefined): string[][] {
  return (Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)])
    .flatMap((h) => h.split(','))
    .map((p) =>
      p
        .split(';')
        .map((d) => d.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    );
}

describe('the headers of every page', () => {
  let up: Upstream;
  let gw: TestGateway;
  let listing: string;

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
    // The push worker's script is the alerts remote's build.
    await deploy(gw.store, 'mf-alerts', builtDist('mf-alerts'));
    const res = await gw.app.inject({ url: '/rest/lsc/listing?searchRadius=0&numRecords=5&listingType=USED' });
    listing = (res.json() as SearchResult).listings[0].id;
  });
  lookAfter(() => ({ up, gw }));

  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    if (row.upstreamDown) await up.fault('listingSearch', { status: 500 });
    const res = await gw.app.inject(row.request({ listing }));
    expect(res.statusCode).toBe(row.status);
    expect(res.headers['cache-control']).toBe(row.cache);
    const vary = varyOf(res);
    expect(vary).toEqual(expect.arrayContaining(row.vary));
    expect(new Set(vary).size).toBe(vary.length);
    expect(res.headers['referrer-policy']).toBe(row.referrer);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    if (row.frame) expect(res.headers['x-frame-options']).toBe(row.frame);
    const policies = policiesOf(res.headers['content-security-policy']);
    for (const directive of row.csp) expect(policies.some((p) => p.includes(directive))).toBe(true);
  });

  it("says Vary: referer because the vehicle page's back link is the Referer", async () => {
    const url = `/cars-for-sale/vehicle/${listing}?clickType=listing`;
    const from = (referer?: string) => gw.app.inject({ url, headers: { ...PERSON, host: HOST, ...(referer ? { referer } : {}) } });
    const [fromSearch, direct] = await Promise.all([from(`http://${HOST}/cars-for-sale/all/ford?zip=30301`), from()]);
    expect(fromSearch.body).toContain('href="/cars-for-sale/all/ford?zip=30301"');
    expect(direct.body).not.toBe(fromSearch.body);
    expect(varyOf(fromSearch)).toContain('referer');
  });

  it("keeps every directive of the upstream's sign-in policy", async () => {
    const theirs = await fetch(`${up.url}/account/signin`);
    const upstreamPolicy = theirs.headers.get('content-security-policy');
    expect(upstreamPolicy).toContain("default-src 'none'");
    expect(upstreamPolicy).toContain("frame-ancestors 'none'");
    const ours = policiesOf((await gw.app.inject({ url: '/account/signin', headers: BROWSER })).headers['content-security-policy']);
    for (const directive of policiesOf(upstreamPolicy!)[0]) expect(ours.some((p) => p.includes(directive))).toBe(true);
  });
});

describe('the sign-in policy list', () => {
  it.each([
    ['no policy of its own', undefined, [SIGN_IN_CSP]],
    ['a looser one', 'default-src *; frame-ancestors *', [SIGN_IN_CSP, 'default-src *; frame-ancestors *']],
    ['a stricter one', "default-src 'none'; sandbox", [SIGN_IN_CSP, "default-src 'none'; sandbox"]],
    ['the same one', SIGN_IN_CSP, [SIGN_IN_CSP]],
    ['two header lines', ['sandbox', "img-src 'none'"], [SIGN_IN_CSP, 'sandbox', "img-src 'none'"]],
  ])('keeps the gateway policy and the upstream sending %s', (_name, upstream, policies) => {
    // Every policy of the list is enforced: the result is never looser than either.
    expect(signInCsp(upstream).split(', ')).toEqual(policies);
  });
});

describe('Vary merging', () => {
  it.each([
    [undefined, ['referer'], 'referer'],
    ['accept-encoding', ['referer', 'accept-encoding'], 'accept-encoding, referer'],
    ['Cookie, User-Agent', ['cookie', 'referer'], 'cookie, user-agent, referer'],
    [['origin', 'accept'], ['referer'], 'origin, accept, referer'],
    ['*', ['referer'], '*'],
    [undefined, [], ''],
  ])('merges %p with %p', (current, add, merged) => {
    expect(mergedVary(current, add)).toBe(merged);
  });
});
