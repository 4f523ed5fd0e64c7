/**
 * A bounded fuzz run over the gateway's own parsing, as CI runs it on every change: a few
 * thousand generated page URLs (paths and query strings) and API query strings, with markup,
 * quotes, percent signs, broken escapes, control characters, long and repeated values. For each:
 * never a 5xx; an HTML answer never carries the generated markup; redirects end on a page within
 * three hops and never revisit a URL (no loop); and every request is answered (a hang guard, not
 * a speed assertion: the answer times are printed for the reader).
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
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
});
