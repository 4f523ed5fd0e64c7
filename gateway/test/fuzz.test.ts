/**
 * A bounded fuzz run over the gateway's own parsing, as CI runs it on every change: a few
 * thousand generated page URLs (paths and query strings) and API query strings, with markup,
 * quotes, percent signs, broken escapes, control characters, long and repeated values. For each:
 * never a 5xx; an HTML answer never carries the generated markup; redirects end on a page within
 * three hops and never revisit a URL (no loop); and every request is answered (a hang guard, not
 * a speed assertion: the answer times are printed for the reader).
 *
 * Then generated bodies for every write route of the table, from clients all over the address
 * space (IPv4, IPv6, IPv4-mapped): known fields with odd values, unknown fields, wrong types,
 * bodies past the route's byte limit, odd content types. Never a 5xx; a body with a field the
 * route does not name is never accepted; a body past the limit is 413.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { ROUTES, type RouteSpec } from '../src/proxy/route-table';
import { startGateway, startUpstream, type TestGateway, type Upstream } from './helpers';

jest.setTimeout(240_000);

const MARKER = 'x-fuzz';
const KEYS = [
  'makeCode',
  'modelCode',
  'trimCode',
  'zip',
  'city',
  'state',
  'keywordPhrases',
  'startYear',
  'endYear',
  'minPrice',
  'maxPrice',
  'sortBy',
  'listingType',
  'searchRadius',
  'firstRecord',
  'numRecords',
  'vehicleStyleCode',
  'driveGroup',
  'extColorSimple',
  'searchBookmarkId',
  'bookmarkId',
  'only',
  'remotes',
  'vin',
  'listingId',
  'ownerId',
  'supplemental',
  'similarTo',
  'mileage',
];
const NASTY = [
  `<${MARKER}>`,
  `"><${MARKER} onload=1>`,
  `'><${MARKER}>`,
  "O'Fallon",
  "driver's seat",
  '%',
  '%E0%A4%A',
  '%00',
  '%2e%2e%2f',
  '../../',
  'javascript:alert(1)',
  '//evil.example',
  '/\\evil.example',
  '-1',
  '0',
  '1e309',
  'NaN',
  '99999999999999999999',
  'FORD,CHEV',
  'a|b',
  '\u0000',
  '\u202e',
  '\ud83d\ude97',
  ' ',
  '',
  'x'.repeat(300),
];

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: -1e6, max: 1e9 }).map(String) },
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
);
/** A query string: pairs encoded as a browser would, or with the value's characters left raw where HTTP allows. */
const queryString = fc
  .array(fc.tuple(key, value, fc.boolean()), { maxLength: 8 })
  .map((pairs) =>
    pairs
      .map(([k, v, raw]) => `${encodeURIComponent(k)}=${raw && /^[\x21-\x7e]*$/.test(v) && !/[#&]/.test(v) ? v : encodeURIComponent(v)}`)
      .join('&'),
  );
const segment = fc.oneof(
  fc.constantFrom('suv', 'ford', 'f150', 'atlanta-ga', '..', '.', '%2e%2e', `%3C${MARKER}%3E`, 'used-cars'),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
);
const pagePath = fc.oneof(
  fc.constant('/cars-for-sale'),
  fc.constant('/cars-for-sale/'),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/cars-for-sale/all/${s.join('/')}`),
);
const API = [
  '/rest/lsc/listing',
  '/rest/lsc/listing/count',
  '/rest/lsc/listing/relaxations',
  '/geo/zip/30301',
  '/rest/lsc/crawl/trims',
  '/cars-for-sale/searchoptions/packages',
  '/rest/lsc/modelinfo/ymm',
  '/account-api/savedsearches',
];

describe('bounded fuzz of page URLs and API query strings', () => {
  let up: Upstream;
  let gw: TestGateway;
  const times: number[] = [];

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
  });
  afterAll(async () => {
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
    console.log(`fuzz: ${times.length} requests, answer ms p50 ${q(0.5)} p99 ${q(0.99)} max ${q(1)}`);
    await gw.close();
    await up.close();
  });

  /** One request, with a hang guard (a request not answered in 15 s fails the run). */
  async function ask(opts: InjectOptions) {
    const t0 = performance.now();
    const res = await Promise.race([
      gw.app.inject({ ...opts, headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0', ...(opts.headers ?? {}) } }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in 15 s: ${String(opts.url)}`)), 15_000).unref()),
    ]);
    times.push(performance.now() - t0);
    return res;
  }

  function check(url: string, res: Awaited<ReturnType<typeof ask>>) {
    expect([url, res.statusCode < 500]).toEqual([url, true]);
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('html')) expect([url, res.body.includes(`<${MARKER}`)]).toEqual([url, false]);
  }

  it('answers 2000 generated page URLs without a 5xx, reflected markup or a redirect loop', async () => {
    await fc.assert(
      fc.asyncProperty(pagePath, queryString, async (path, qs) => {
        const url = qs ? `${path}?${qs}` : path;
        const res = await ask({ url });
        check(url, res);
        // Redirects are followed (normalisation, then a saved search's own): they end on a page
        // within three hops and never come back to a URL already seen, so never a loop.
        const seen = [url];
        let current = res;
        while (current.statusCode >= 300 && current.statusCode < 400) {
          const location = String(current.headers.location);
          expect([seen, location.startsWith('/') && !location.startsWith('//')]).toEqual([seen, true]);
          expect([seen, seen.includes(location)]).toEqual([seen, false]);
          seen.push(location);
          expect([seen, seen.length <= 4]).toEqual([seen, true]);
          current = await ask({ url: location });
          check(location, current);
        }
      }),
      { numRuns: 2000, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });

  it('answers 1000 generated API query strings without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API), queryString, async (path, qs) => {
        const url = qs ? `${path}?${qs}` : path;
        const res = await ask({ url });
        check(url, res);
        expect(String(res.headers['content-type'])).toContain('application/json');
      }),
      { numRuns: 1000, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });

  const WRITES = ROUTES.filter((r): r is RouteSpec & { path: string } => r.method !== 'GET' && !!r.path && !!r.schema?.body);
  const DEFAULT_BODY_LIMIT = 64 * 1024;
  const fieldsOf = (r: RouteSpec) => Object.keys((r.schema!.body as { properties?: Record<string, TSchema> }).properties ?? {});
  const value = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(`<${MARKER}>`, '', '%', '0', 'true', 'atc', 'a@example.com', '\u0000'),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 12 }), { maxLength: 12 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  );
  const address = fc.oneof(
    fc.ipV4(),
    fc.ipV6(),
    fc.ipV4().map((v4) => `::ffff:${v4}`),
  );
  const write = fc.constantFrom(...WRITES).chain((route) =>
    fc.record({
      route: fc.constant(route),
      known: fc.dictionary(fc.constantFrom(...fieldsOf(route), 'brand'), value, { maxKeys: 6 }),
      unknown: fc.option(fc.constantFrom('admin', 'x-fuzz', '__proto__x', 'constructor', 'isAdmin'), { nil: undefined }),
      padding: fc.option(fc.constantFrom(1_000, (route.bodyLimit ?? DEFAULT_BODY_LIMIT) + 1), { nil: undefined }),
      type: fc.oneof(
        { arbitrary: fc.constant(route.writeBody === 'beacon' ? 'text/plain' : 'application/json'), weight: 4 },
        { arbitrary: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), weight: 1 },
      ),
      address,
    }),
  );

  it('answers 600 generated write bodies without a 5xx, never accepting an unknown field, 413 past the byte limit', async () => {
    await fc.assert(
      fc.asyncProperty(write, async ({ route, known, unknown, padding, type, address: remoteAddress }) => {
        const body: Record<string, unknown> = { ...known };
        if (unknown) body[unknown] = 'x';
        if (padding) body[fieldsOf(route)[0] ?? 'brand'] = 'a'.repeat(padding);
        const payload = JSON.stringify(body);
        const url = route.path.replace(/:([A-Za-z_]+)/g, 'x1');
        const res = await ask({
          method: route.method,
          url,
          payload,
          remoteAddress,
          headers: { 'content-type': type, 'sec-fetch-site': 'same-origin' },
        });
        const what = [route.name, payload.slice(0, 200), res.statusCode];
        expect([what, res.statusCode < 500]).toEqual([what, true]);
        if (unknown && fieldsOf(route).length) expect([what, res.statusCode >= 400]).toEqual([what, true]);
        // Past the byte limit: 413 (a type the route does not take may be refused for that first, 415).
        if (Buffer.byteLength(payload) > (route.bodyLimit ?? DEFAULT_BODY_LIMIT)) {
          expect([what, type === 'application/json' ? [413] : [413, 415]]).toEqual([what, expect.arrayContaining([res.statusCode])]);
        }
      }),
      { numRuns: 600, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });
});
