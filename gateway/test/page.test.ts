/**
 * The page HTML against the real upstream: 301 normalisation and its fixed points, first-load
 * state (search result, brand, flags, signed-in) escaped, the error screen with 500 for people and
 * 200 for bots, brands per host, preload hints, and the page's Content-Security-Policy.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import {
  BUTTON_CLASSES,
  FEATURE_FLAGS,
  FIRST_LOAD_STATE_ID,
  MESSAGES,
  PAGE_LISTING_FIELDS,
  PAGE_OWNER_FIELDS,
  type SearchResult,
} from '@cfs/contracts';
import { canonicalSearch, firstLoadSearchQuery } from '../src/page/routes';
import { BROTLI_QUALITY, BROTLI_WINDOW_BITS } from '../src/compression';
import {
  startAround,
  fakeRemoteBuild,
  startGateway,
  startUpstream,
  type TestGateway,
  type Upstream,
  PERSON,
  firstLoadState,
} from './helpers';

const BOT = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

describe('the page', () => {
  let up: Upstream;
  let gw: TestGateway;

  startAround((both) => ({ up, gw } = both), { BRAND_HOSTS: 'kbb.test=kbb,magazine.test=magazine,fordcertified.test=ford' });
  afterEach(() => up.clearFaults());

  describe('301 normalisation', () => {
    it.each([
      '/cars-for-sale',
      '/cars-for-sale?zip=303019999&searchRadius=500&makeCode=ford&makeCode=FORD&sortBy=relevance&firstRecord=0',
      '/cars-for-sale?numRecords=0&startYear=abc&maxPrice=10000&minPrice=20000&unknown=1',
      '/cars-for-sale/all/ford/f150?makeCode=FORD&modelCode=F150&zip=30301',
      '/cars-for-sale/all/truck/ford?listingType=NEW,USED,NEW',
      '/cars-for-sale?makeCode1=bmw&modelCode1=x5&excludedListingId=,,',
      '/cars-for-sale?keywordPhrases=%3C%2Fscript%3E&zip=%00',
      "/cars-for-sale?city=O'Fallon&state=IL",
      '/cars-for-sale?city=O%27Fallon&state=IL',
      "/cars-for-sale?keywordPhrases=driver's%20seat",
    ])('%s redirects once to a URL that is its own normal form', async (url) => {
      const first = await gw.app.inject({ url, headers: PERSON });
      let target = url;
      if (first.statusCode === 301) {
        target = first.headers.location as string;
        expect(target.startsWith(url.split('?')[0])).toBe(true);
      } else {
        expect(first.statusCode).toBe(200);
      }
      // Requested as a browser follows the redirect (the URL parser re-encodes some characters).
      const asBrowser = new URL(target, 'http://cars.test');
      const again = await gw.app.inject({ url: asBrowser.pathname + asBrowser.search, headers: PERSON });
      expect(again.statusCode).toBe(200);
      const u = new URL(target, 'http://x');
      expect(canonicalSearch(u.pathname, u.search.slice(1), 'atc').search).toBe(u.search.slice(1));
    });

    it("puts the shopper's remembered radius on a URL that names none (302, never stored), and leaves one that names a radius", async () => {
      const cookie = 'cfs_search_radius=25';
      const bare = await gw.app.inject({ url: '/cars-for-sale?zip=30301&listingType=USED&makeCode=FORD', headers: { ...PERSON, cookie } });
      expect(bare.statusCode).toBe(302);
      expect(bare.headers['cache-control']).toBe('no-store');
      expect(bare.headers.location).toBe('/cars-for-sale?zip=30301&searchRadius=25&listingType=USED&makeCode=FORD');
      const followed = await gw.app.inject({ url: bare.headers.location as string, headers: { ...PERSON, cookie } });
      expect(followed.statusCode).toBe(200);
      expect(firstLoadState(followed.body).query.searchRadius).toBe(25);
      // A radius in the URL wins; a cookie the page cannot use, and a bot, change nothing.
      const named = await gw.app.inject({
        url: '/cars-for-sale?zip=30301&searchRadius=0&listingType=USED',
        headers: { ...PERSON, cookie },
      });
      expect(named.statusCode).toBe(200);
      const junk = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...PERSON, cookie: 'cfs_search_radius=far' } });
      expect(junk.statusCode).toBe(200);
      const bot = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...BOT, cookie } });
      expect(bot.statusCode).toBe(200);
    });

    it('keeps a URL already in normal form as it is', async () => {
      const res = await gw.app.inject({ url: '/cars-for-sale?zip=30301&searchRadius=50&listingType=USED&makeCode=FORD', headers: PERSON });
      expect(res.statusCode).toBe(200);
    });

    it('keeps staging page keys (remotes, only) beside the search values', () => {
      const { search } = canonicalSearch('/cars-for-sale', 'only=mf-results&makeCode=ford', 'atc');
      expect(search).toBe('listingType=USED&makeCode=FORD&only=mf-results');
    });
  });

  describe('first-load state', () => {
    it('carries the base search result, brand, every flag, signed-in state and the page config', async () => {
      const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED&makeCode=FORD', headers: PERSON });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const state = firstLoadState(res.body);
      expect(state.brand).toBe('atc');
      expect(Object.keys(state.flags).sort()).toEqual([...FEATURE_FLAGS].sort());
      expect(state.signedIn).toBe(false);
      expect(state.searchError).toBeNull();
      expect(state.query).toEqual({ listingType: ['USED'], makeCode: ['FORD'] });
      expect(state.result!.listings.length).toBe(gw.config.pageSize);
      expect(state.result!.listings.every((l) => l.make.code === 'FORD' && l.listingType === 'USED')).toBe(true);
      expect(state.result!.totalResultCount).toBeGreaterThan(0);
      expect(state.config).toMatchObject({ pageSize: 24, signInPath: '/account/signin', defaultSort: 'relevance', showcaseCellWidth: 220 });
      expect(state.browsingHistory).toBeNull();
    });

    it("carries of each listing and owner the fields the page reads (contracts' PAGE_LISTING_FIELDS, PAGE_OWNER_FIELDS), no others", async () => {
      const url = '/cars-for-sale?listingType=USED&makeCode=FORD';
      const [res, answer] = await Promise.all([
        gw.app.inject({ url, headers: PERSON }),
        gw.app.inject({ url: `/rest/lsc/listing?listingType=USED&makeCode=FORD&numRecords=${gw.config.pageSize}`, headers: PERSON }),
      ]);
      const { listings, owners } = firstLoadState(res.body).result!;
      const upstream = answer.json<{ listings: Record<string, unknown>[] }>();
      // The upstream's listings carry more (their features, history, payment links...), for the vehicle page.
      expect(upstream.listings.some((l) => l.features !== undefined)).toBe(true);
      expect(listings.length).toBeGreaterThan(0);
      for (const l of listings) expect(Object.keys(l).filter((k) => !(PAGE_LISTING_FIELDS as readonly string[]).includes(k))).toEqual([]);
      for (const o of owners) expect(Object.keys(o).filter((k) => !(PAGE_OWNER_FIELDS as readonly string[]).includes(k))).toEqual([]);
      expect(listings.every((l) => l.id && l.title && l.pricingDetail && l.images)).toBe(true);
    });

    it('reads signed-in state from the cookie on the server', async () => {
      const res = await gw.app.inject({
        url: '/cars-for-sale?listingType=USED',
        headers: { ...PERSON, cookie: `${gw.config.sessionCookie}=someone` },
      });
      expect(firstLoadState(res.body).signedIn).toBe(true);
    });

    it('is escaped so no text can break out of it', async () => {
      const evil = '</script><script>alert(1)</script><!--';
      const url = `/cars-for-sale?listingType=USED&keywordPhrases=${encodeURIComponent(evil)}`;
      const first = await gw.app.inject({ url, headers: PERSON });
      const target = first.statusCode === 301 ? (first.headers.location as string) : url;
      const res = await gw.app.inject({ url: target, headers: PERSON });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      const marker = `id="${FIRST_LOAD_STATE_ID}">`;
      const start = res.body.indexOf(marker) + marker.length;
      const end = res.body.indexOf('</script>', start);
      expect(/[<>]/.test(res.body.slice(start, end))).toBe(false);
      expect(firstLoadState(res.body).query.keywordPhrases).toBe(evil);
    });

    it('holds inert preload hints for every registered remote entry (used once the page has loaded), each script with the integrity of its served bytes', async () => {
      const build = fakeRemoteBuild('results');
      const v = await gw.store.publish('mf-results', build);
      fs.rmSync(build, { recursive: true, force: true });
      await gw.store.switch('mf-results', v);
      const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: PERSON });
      const manifest = `/cars-for-sale/remotes/mf-results/${v}/mf-manifest.json`;
      const entry = `/cars-for-sale/remotes/mf-results/${v}/remoteEntry.js`;
      const shellVersion = gw.store.read().remotes.shell.version;
      const shellFile = (name: string, defer: string) =>
        new RegExp(
          `<script src="(/cars-for-sale/remotes/shell/${shellVersion}/${name}\\.[0-9a-f]+\\.js)"${defer} integrity="(sha384-[^"]+)" crossorigin="anonymous"></script>`,
        ).exec(res.body);
      // The page runs the shell's start script; the shell's own script waits inert for it to add.
      const start = shellFile('start', ' defer');
      expect(start).not.toBeNull();
      const inert = /<template id="cfs-shell-scripts">(.*?)<\/template>/.exec(res.body)?.[1] ?? '';
      const script = shellFile('shell', '');
      expect(script).not.toBeNull();
      expect(inert).toContain(script![0]);
      const [, shellScript, shellHash] = script!;
      const [, startScript, startHash] = start!;
      // Nothing but the lead image is preloaded during the first paint: the code's hints are inert.
      expect(res.body).not.toContain(`<link rel="preload" as="script" href="${shellScript}"`);
      const hints = /<template id="cfs-code-hints">(.*?)<\/template>/.exec(res.body)?.[1] ?? '';
      expect(hints).toContain(`<link rel="preload" as="fetch" href="${manifest}" crossorigin="anonymous">`);
      const entryHash = firstLoadState(res.body).registry.remotes['mf-results'].integrity;
      expect(entryHash).toMatch(/^sha384-/);
      expect(hints).toContain(`<link rel="preload" as="script" href="${entry}" integrity="${entryHash}" crossorigin="anonymous">`);
      expect(firstLoadState(res.body).registry.remotes['mf-results'].manifest).toBe(manifest);
      // The hinted files are served, the shell's from its published version, with the bytes the hashes name.
      expect((await gw.app.inject(manifest)).statusCode).toBe(200);
      for (const [url, hash] of [
        [startScript, startHash],
        [shellScript, shellHash],
        [entry, entryHash!],
      ]) {
        const file = await gw.app.inject(url);
        expect(file.statusCode).toBe(200);
        expect(`sha384-${crypto.createHash('sha384').update(file.rawPayload).digest('base64')}`).toBe(hash);
        // Code goes without the headers that only mean something on a document; the page keeps them.
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['cross-origin-resource-policy']).toBe('same-site');
        expect(file.headers['content-security-policy']).toBeUndefined();
        expect(file.headers['x-frame-options']).toBeUndefined();
      }
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    });
  });

  it("is sent compressed with brotli at the gateway's quality and a 512 KB window: the same page, in fewer bytes than a phone gets in its first round trip", async () => {
    const url = '/cars-for-sale/all/ford/f150?listingType=USED';
    const plain = await gw.app.inject({ url, headers: PERSON });
    const br = await gw.app.inject({ url, headers: { ...PERSON, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(html).toBe(plain.body);
    const at = (quality: number) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
    expect(br.rawPayload.length).toBeLessThan(at(BROTLI_QUALITY) * 1.03);
    expect(br.rawPayload.length).toBeGreaterThan(at(BROTLI_QUALITY + 1));
    // A page under about 43 KB reaches a phone on a new connection a round trip sooner (app.ts).
    expect(br.rawPayload.length).toBeLessThan(43 * 1024);
    // The stream's window, from its first bits (RFC 7932 §9.1): 1, then 3 bits n, WBITS = 17 + n.
    // 512 KB (compression.ts BROTLI_WINDOW_BITS), longer than the page, rather than brotli's 4 MB.
    const first = br.rawPayload[0];
    expect(first & 1).toBe(1);
    expect(17 + ((first >> 1) & 7)).toBe(BROTLI_WINDOW_BITS);
    expect(2 ** BROTLI_WINDOW_BITS).toBeGreaterThan(html.length);
  });

  describe('brands', () => {
    it.each([
      ['cars.test', 'atc'],
      ['kbb.test', 'kbb'],
      ['magazine.test:8080', 'magazine'],
      ['FordCertified.test', 'ford'],
    ])('host %s is brand %s with its flag set', async (host, brand) => {
      const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: { ...PERSON, host } });
      const final =
        res.statusCode === 301 ? await gw.app.inject({ url: res.headers.location as string, headers: { ...PERSON, host } }) : res;
      expect(final.statusCode).toBe(200);
      const state = firstLoadState(final.body);
      expect(state.brand).toBe(brand);
      expect(final.body).toContain(`data-brand="${brand}"`);
      if (brand === 'ford') expect(state.flags.compare).toBe(false);
      if (brand === 'atc') expect(state.flags.compare).toBe(true);
    });
  });

  describe('the base search failing', () => {
    it('shows the error screen with 500 to people and 200 to bots', async () => {
      await up.fault('listingSearch', { status: 500 });
      const person = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: PERSON });
      expect(person.statusCode).toBe(500);
      expect(person.body).toContain(MESSAGES.searchError);
      expect(person.body).toContain(
        `<button type="submit" class="${BUTTON_CLASSES.base} ${BUTTON_CLASSES.primary}">${MESSAGES.tryAgain}</button>`,
      );
      expect(person.body).toContain('<form method="get">');
      const bot = await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: BOT });
      expect(bot.statusCode).toBe(200);
      expect(bot.body).toContain(MESSAGES.searchError);
    });

    it('answers 200 to both when the search works', async () => {
      for (const headers of [PERSON, BOT]) {
        expect((await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers })).statusCode).toBe(200);
      }
    });
  });

  describe('Content-Security-Policy of the page', () => {
    it("allows scripts from 'self' only in production, even with ?remotes=", async () => {
      const over = await gw.app.inject({
        url: `/cars-for-sale?listingType=USED&remotes=${encodeURIComponent('mf-results@http://127.0.0.1:3101/mf-manifest.json')}`,
        headers: PERSON,
      });
      // A production page normalises the override away before anything is rendered.
      expect(over.statusCode).toBe(301);
      expect(over.headers.location).toBe('/cars-for-sale?listingType=USED');
      expect(over.headers['content-security-policy']).toMatch(/script-src 'self';/);
      const res = await gw.app.inject({ url: over.headers.location, headers: PERSON });
      expect(res.statusCode).toBe(200);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).not.toContain('3101');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('allows a staging override origin for that page only', async () => {
      const staging = await startGateway(up.url, { GATEWAY_MODE: 'staging' });
      try {
        const over = encodeURIComponent('mf-results@http://127.0.0.1:3101/mf-manifest.json');
        const res = await staging.app.inject({ url: `/cars-for-sale?listingType=USED&remotes=${over}`, headers: PERSON });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-security-policy']).toContain("script-src 'self' http://127.0.0.1:3101 'unsafe-eval'");
        const plain = await staging.app.inject({ url: '/cars-for-sale?listingType=USED', headers: PERSON });
        expect(plain.headers['content-security-policy']).not.toContain('3101');
        const bad = await staging.app.inject({
          url: `/cars-for-sale?listingType=USED&remotes=${encodeURIComponent('mf-nothing@http://127.0.0.1:1/x')}`,
          headers: PERSON,
        });
        expect(bad.headers['content-security-policy']).not.toContain('127.0.0.1:1');
      } finally {
        await staging.close();
      }
    });

    it('turns feature flags off or on for a staging page only (?flags=-wallet,+nonRelevanceSpotlights)', async () => {
      const staging = await startGateway(up.url, { GATEWAY_MODE: 'staging' });
      try {
        // The values as typed are kept in their normal form (a redirect), then read.
        const typed = await staging.app.inject({
          url: '/cars-for-sale?listingType=USED&flags=-wallet,%2BnonRelevanceSpotlights,-nosuchflag',
          headers: PERSON,
        });
        expect(typed.statusCode).toBe(301);
        const res = await staging.app.inject({ url: typed.headers.location as string, headers: PERSON });
        expect(res.statusCode).toBe(200);
        const { flags } = firstLoadState(res.body);
        expect(flags.wallet).toBe(false);
        expect(flags.nonRelevanceSpotlights).toBe(true);
        expect(flags.compare).toBe(true);
      } finally {
        await staging.close();
      }
      // A production page normalises them away: the brand's flags are the ones in force.
      const prod = await gw.app.inject({ url: '/cars-for-sale?listingType=USED&flags=-wallet', headers: PERSON });
      expect(prod.statusCode).toBe(301);
      expect(prod.headers.location).toBe('/cars-for-sale?listingType=USED');
    });
  });
});

describe("the base search's sort and suggested filters", () => {
  it('asks with the sort in force, the page size, the stats and, when the brand shows them, suggested filters', () => {
    const q = { listingType: ['USED'], makeCode: ['FORD'] };
    expect(firstLoadSearchQuery(q, { pageSize: 24, defaultSort: 'relevance', suggestedFilters: false })).toBe(
      'listingType=USED&makeCode=FORD&numRecords=24&stats=year,derivedprice',
    );
    expect(firstLoadSearchQuery(q, { pageSize: 24, defaultSort: 'derivedpriceDESC', suggestedFilters: true })).toBe(
      'listingType=USED&makeCode=FORD&sortBy=derivedpriceDESC&numRecords=24&stats=year,derivedprice&includeSuggested=true',
    );
    // A sort the shopper chose wins over the default; relevance is the upstream's own default.
    expect(
      firstLoadSearchQuery({ ...q, sortBy: 'yearASC' }, { pageSize: 24, defaultSort: 'derivedpriceDESC', suggestedFilters: false }),
    ).toContain('sortBy=yearASC');
    expect(
      firstLoadSearchQuery({ ...q, sortBy: 'relevance' }, { pageSize: 24, defaultSort: 'derivedpriceDESC', suggestedFilters: false }),
    ).not.toContain('sortBy');
    expect(firstLoadSearchQuery({}, { pageSize: 10, defaultSort: 'relevance', suggestedFilters: true })).toBe(
      'numRecords=10&stats=year,derivedprice&includeSuggested=true',
    );
  });

  describe.each([
    ['state', 'relevance'],
    ['optionFile', 'derivedpriceDESC'],
  ] as const)('DEFAULT_SORT=%s', (reading, inForce) => {
    let up: Upstream;
    let gw: TestGateway;
    beforeAll(async () => {
      up = await startUpstream();
      gw = await startGateway(up.url, { DEFAULT_SORT: reading });
    });
    afterAll(async () => {
      await gw.close();
      await up.close();
    });
    const ids = (listings: { id: string }[]) => listings.map((l) => l.id);
    const search = async (qs: string) => (await gw.app.inject(`/rest/lsc/listing?${qs}&numRecords=24`)).json() as SearchResult;

    it(`searches a page without sortBy by ${inForce} and says so in the page config`, async () => {
      const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED&vehicleStyleCode=TRUCKS', headers: PERSON });
      expect(res.statusCode).toBe(200);
      const state = firstLoadState(res.body);
      expect(state.config.defaultSort).toBe(inForce);
      expect(state.query).toEqual({ listingType: ['USED'], vehicleStyleCode: ['TRUCKS'] });
      const expected = await search(`listingType=USED&vehicleStyleCode=TRUCKS${inForce === 'relevance' ? '' : `&sortBy=${inForce}`}`);
      expect(ids(state.result!.listings)).toEqual(ids(expected.listings));
      if (inForce === 'derivedpriceDESC') {
        const prices = state.result!.listings.map((l) => l.pricingDetail.salePrice).filter((p): p is number => typeof p === 'number');
        expect(prices).toEqual([...prices].sort((a, b) => b - a));
      }
    });

    it('asks for suggested filters (the brand shows them) and hands them to the page', async () => {
      const res = await gw.app.inject({ url: '/cars-for-sale?listingType=USED&vehicleStyleCode=TRUCKS', headers: PERSON });
      const state = firstLoadState(res.body);
      expect(state.flags.suggestedFilters).toBe(true);
      expect(state.result!.suggestedFilters?.length).toBeGreaterThan(0);
    });

    it('keeps every other sort in the URL, relevance included, and leaves the default in force out', async () => {
      const other = inForce === 'relevance' ? 'derivedpriceDESC' : 'relevance';
      const kept = await gw.app.inject({ url: `/cars-for-sale?listingType=USED&sortBy=${other}`, headers: PERSON });
      expect(kept.statusCode).toBe(200);
      const state = firstLoadState(kept.body);
      expect(state.query.sortBy).toBe(other);
      const expected = await search(`listingType=USED&sortBy=${other}`);
      expect(ids(state.result!.listings)).toEqual(ids(expected.listings));
      const dropped = await gw.app.inject({ url: `/cars-for-sale?listingType=USED&sortBy=${inForce}`, headers: PERSON });
      expect(dropped.statusCode).toBe(301);
      expect(dropped.headers.location).toBe('/cars-for-sale?listingType=USED');
    });
  });
});
