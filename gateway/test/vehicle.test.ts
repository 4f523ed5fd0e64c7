/**
 * The vehicle page against the real upstream: a listing's page (its title, price with the
 * #pricingDetails anchor, payments, incentives, seller), the payment and incentive links landing
 * on it, a listing no longer available redirecting to its search with the expired-listing notice,
 * a bad id's 404 page, and the 503 page when the upstream fails. The page is the published shell's
 * (rendered in its isolate); the texts checked are the shell's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES, type SearchResult } from '@cfs/contracts';
import { displayTitle, priceText } from '@cfs/search-query';
import {
  type TestGateway,
  type Upstream,
  builtDist,
  declareBuild,
  deploy,
  firstLoadState,
  lookAfter,
  PERSON,
  startAround,
  startGateway,
  startUpstream,
  tmpDir,
} from './helpers';
import { deployBuild } from '../src/registry/deploy';
import { DeployRefused } from '../src/registry/store';
import { isolateOptions } from '../src/ssr/isolates';
import { EXPIRED_COOKIE } from '../src/page/expired-notice';
import { emptySearchUrl } from '../src/page/routes';

/** The shell's texts on the vehicle page (shell/src/vehicle-page.tsx), as a shopper reads them. */
const VEHICLE_TEXT = {
  back: 'Back to search results',
  notFoundTitle: 'We could not find that vehicle',
  unavailableTitle: 'This vehicle page is unavailable right now',
  unavailable: 'We could not load the vehicle. Please try again in a moment.',
};

/** The embedded upstream keeps each catalogue listing's sold twin this far below its id (listing.ts SOLD_OFFSET). */
const SOLD_OFFSET = 100_000_000;

/** The text of an HTML fragment, tags removed and entities of the page decoded. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function cookieOf(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`));
}

describe('the vehicle page', () => {
  let up: Upstream;
  let gw: TestGateway;
  let listing: SearchResult['listings'][number];
  let owner: SearchResult['owners'][number];

  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
    const res = await gw.app.inject({ url: '/rest/lsc/listing?searchRadius=0&numRecords=50&listingType=USED' });
    const result = res.json() as SearchResult;
    // A dealer's listing (phone and website), with a payment estimate.
    listing = result.listings.find((l) => {
      const o = result.owners.find((x) => x.id === l.ownerId);
      return o && !o.privateSeller && o.website?.href && l.pricingDetail.payments;
    })!;
    owner = result.owners.find((o) => o.id === listing.ownerId)!;
  });
  lookAfter(() => ({ up, gw }));

  it("answers 200 with the listing's title as the one h1, its price under #pricingDetails, payments, incentives and the seller", async () => {
    const res = await gw.app.inject({ url: `${listing.vdpBaseUrl}?clickType=listing`, headers: PERSON });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const h1s = [...html.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => text(m[1]).trim());
    expect(h1s).toEqual([displayTitle(listing.title)]);
    const pricing = /<section id="pricingDetails"[^>]*>([\s\S]*?)<\/section>/.exec(html);
    expect(pricing).not.toBeNull();
    expect(text(pricing![1])).toContain(priceText(listing.pricingDetail.salePrice));
    expect(text(pricing![1])).toContain('Payments');
    expect(text(pricing![1])).toContain('Incentives');
    // Photos: alt text, the first eager with fixed sizes.
    const firstImg = /<img [^>]*>/.exec(html)![0];
    expect(firstImg).toContain('loading="eager"');
    expect(firstImg).toMatch(/width="\d+"/);
    expect(firstImg).toMatch(/height="\d+"/);
    expect(firstImg).toMatch(/alt="[^"]+"/);
    // The seller: name, a call link, the website as an external link; a way back to the search.
    expect(text(html)).toContain(owner.name);
    expect(html).toMatch(/<a href="tel:[0-9+]+">Call /);
    expect(html).toContain(`href="${owner.website!.href}" rel="external noopener noreferrer"`);
    expect(html).toContain(`>${VEHICLE_TEXT.back}</a>`);
    // No script, nothing from another host.
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/(src|href)="\/\//);
  });

  it('escapes what the data says', async () => {
    // The id is echoed nowhere unescaped: a crafted query string does not reach the HTML.
    const res = await gw.app.inject({ url: `${listing.vdpBaseUrl}?clickType=%3Cscript%3Ealert(1)%3C/script%3E`, headers: PERSON });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script');
  });

  it('leads the payment and incentive links to the pricing details', async () => {
    for (const link of [listing.paymentServices!.paymentCalculationUrl, listing.paymentServices!.incentivesUrl]) {
      const res = await gw.app.inject({ url: link, headers: PERSON });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/cars-for-sale/vehicle/${listing.id}#pricingDetails`);
    }
  });

  it('redirects a listing no longer available to the search for its make and model, which shows the notice', async () => {
    const soldId = String(Number(listing.id) - SOLD_OFFSET);
    const res = await gw.app.inject({ url: `/cars-for-sale/vehicle/${soldId}?clickType=listing`, headers: PERSON });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.split('?')[0]).toBe(`/cars-for-sale/all/${listing.make.code.toLowerCase()}/${listing.model.code.toLowerCase()}`);
    const cookie = cookieOf(res.headers['set-cookie'], EXPIRED_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);

    // The search page it leads to (a normal form: no second redirect) carries and shows the notice.
    const pair = cookie!.split(';')[0];
    const landing = await gw.app.inject({ url: location, headers: { ...PERSON, cookie: pair } });
    expect(landing.statusCode).toBe(200);
    const vehicle = `${listing.make.name} ${listing.model.name}`;
    expect(firstLoadState(landing.body).expiredListing).toEqual({ vehicle });
    const hero = /<header class="cfs-hero"[^>]*>([\s\S]*?)<\/header>/.exec(landing.body)![1];
    const heroText = text(hero);
    expect(heroText).toContain(MESSAGES.expiredListing(vehicle));
    expect(heroText).toContain(MESSAGES.expiredListingFollowUp);
    expect(heroText.indexOf(MESSAGES.expiredListing(vehicle))).toBeLessThan(heroText.indexOf(MESSAGES.expiredListingFollowUp));
    // Read once: the page clears it.
    expect(cookieOf(landing.headers['set-cookie'], EXPIRED_COOKIE)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    // Without the notice the same page says nothing of it.
    const plain = await gw.app.inject({ url: location, headers: PERSON });
    expect(plain.body).not.toContain(MESSAGES.expiredListingFollowUp);
  });

  it("redirects an unknown listing to the whole search and names it 'vehicle'", async () => {
    const res = await gw.app.inject({ url: '/cars-for-sale/vehicle/999999999', headers: PERSON });
    expect(res.statusCode).toBe(302);
    expect((res.headers.location as string).split('?')[0]).toBe('/cars-for-sale');
    const pair = cookieOf(res.headers['set-cookie'], EXPIRED_COOKIE)!.split(';')[0];
    const landing = await gw.app.inject({ url: res.headers.location as string, headers: { ...PERSON, cookie: pair } });
    expect(text(landing.body)).toContain(MESSAGES.expiredListing('vehicle'));
  });

  it('ignores a notice cookie that is not a vehicle name', async () => {
    const res = await gw.app.inject({
      url: emptySearchUrl('atc'),
      headers: { ...PERSON, cookie: `${EXPIRED_COOKIE}=${encodeURIComponent('<b>x</b>')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(firstLoadState(res.body).expiredListing).toBeNull();
    expect(res.body).not.toContain(MESSAGES.expiredListingFollowUp);
  });

  it.each([
    '/cars-for-sale/vehicle/%3Cscript%3E',
    '/cars-for-sale/vehicle/a.b',
    `/cars-for-sale/vehicle/${'9'.repeat(65)}`,
    '/cars-for-sale/vehicle/123/456',
    '/cars-for-sale/vehicle/',
    '/cars-for-sale/payments/%3Cx%3E',
  ])('answers a 404 page for %s', async (url) => {
    const res = await gw.app.inject({ url, headers: PERSON });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<h1>${VEHICLE_TEXT.notFoundTitle}</h1>`);
    expect(res.body).not.toContain('<script');
  });

  it('answers a 503 page when the upstream fails, and while its circuit is open', async () => {
    await up.fault('listingSearch', { status: 500 });
    for (let i = 0; i < 8; i++) {
      const res = await gw.app.inject({ url: listing.vdpBaseUrl, headers: PERSON });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(`<h1>${VEHICLE_TEXT.unavailableTitle}</h1>`);
    }
    expect(gw.client.breakers.get('listingById')!.opened).toBe(true);
    const open = await gw.app.inject({ url: listing.vdpBaseUrl, headers: PERSON });
    expect(open.statusCode).toBe(503);
    expect(open.body).toContain(VEHICLE_TEXT.unavailable);
  });
});

/** The real shell build, copied and changed in its server code by `edit` (integrity declared again, as its build would). */
function shellVariant(label: string, edit: (code: string) => string): string {
  const dir = tmpDir(`shell-${label}`);
  fs.cpSync(builtDist('shell'), dir, { recursive: true });
  const serverDir = path.join(dir, 'server');
  let changed = 0;
  for (const f of fs.readdirSync(serverDir).filter((n) => n.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(serverDir, f), 'utf8');
    const next = edit(code);
    if (next !== code) changed++;
    fs.writeFileSync(path.join(serverDir, f), next);
  }
  expect(changed).toBeGreaterThan(0);
  return declareBuild(dir);
}

describe("the vehicle page is the shell's: it deploys, switches and rolls back with the shell", () => {
  let gw: TestGateway;
  let href: string;
  let first: string;
  startAround((both) => (gw = both.gw), { WARM_UP_PATHS: 'none' });
  beforeAll(async () => {
    first = gw.store.read().remotes.shell.version;
    const res = await gw.app.inject({ url: '/rest/lsc/listing?searchRadius=0&numRecords=1&listingType=USED' });
    href = (res.json() as SearchResult).listings[0].vdpBaseUrl;
  });

  it("a switch shows the new shell version's vehicle page on the next load, and switching back the old", async () => {
    const build = shellVariant('reworded', (code) => code.replace(/back: 'Back to search results'/g, "back: 'Back to your search'"));
    try {
      const second = await deploy(gw.store, 'shell', build, '2.0.0');
      const now = await gw.app.inject({ url: href, headers: PERSON });
      expect(now.statusCode).toBe(200);
      expect(now.body).toContain('>Back to your search</a>');
      expect(now.body).not.toContain(VEHICLE_TEXT.back);
      await gw.store.switch('shell', first);
      const back = await gw.app.inject({ url: href, headers: PERSON });
      expect(back.body).toContain(`>${VEHICLE_TEXT.back}</a>`);
      // And forward again: the published version is kept.
      await gw.store.switch('shell', second);
      expect((await gw.app.inject({ url: href, headers: PERSON })).body).toContain('>Back to your search</a>');
    } finally {
      await gw.store.switch('shell', first);
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  it('a shell build without the vehicle page is refused at deploy, even forced; past the gate, vehicle pages answer 503 naming it', async () => {
    const build = shellVariant('no-vehicle', (code) => code.replace(/renderVehiclePage: \(\) =>/g, 'renderVehiclePageNotExposed: () =>'));
    try {
      const refused = await deployBuild(gw.store, 'shell', build, { force: true, isolate: isolateOptions(gw.config) }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(DeployRefused);
      expect((refused as Error).message).toMatch(
        /^shell: refused: server render failed on the vehicle page: shell@[^ ]+ exposes no vehicle page$/,
      );
      expect(gw.store.read().remotes.shell.version).toBe(first);

      // The test-only path past the gate: the search page still renders; the vehicle page says which shell failed.
      const bad = await deploy(gw.store, 'shell', build, '0.0.0-no-vehicle');
      const res = await gw.app.inject({ url: href, headers: PERSON });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body).toBe(`The vehicle page (shell ${bad}) could not be rendered`);
      expect((await gw.app.inject({ url: '/cars-for-sale?listingType=USED', headers: PERSON })).statusCode).toBe(200);
      // Rolled back: the page is back.
      await gw.store.switch('shell', first);
      expect((await gw.app.inject({ url: href, headers: PERSON })).statusCode).toBe(200);
    } finally {
      await gw.store.switch('shell', first);
      fs.rmSync(build, { recursive: true, force: true });
    }
  });
});
