/**
 * The vehicle page against the real upstream: a listing's page (its title, price with the
 * #pricingDetails anchor, payments, incentives, seller), the payment and incentive links landing
 * on it, a listing no longer available redirecting to its search with the expired-listing notice,
 * a bad id's 404 page, and the 503 page when the upstream fails.
 */
import { MESSAGES, type SearchResult } from '@cfs/contracts';
import { displayTitle, priceText } from '@cfs/search-query';
import { lookAfter, startGateway, startUpstream, type TestGateway, type Upstream, PERSON, firstLoadState } from './helpers';
import { EXPIRED_COOKIE } from '../src/page/expired-notice';
import { emptySearchUrl } from '../src/page/routes';
import { VEHICLE_TEXT } from '../src/page/vehicle-page';

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
