import Fastify, { type FastifyInstance } from 'fastify';
import type { Listing, Owner } from '@cfs/contracts';
import { contentRoutes, dealerDiffHasUnsafeMarkup, type CatalogueView } from '../src/routes/content';
import { eligibilityRoutes } from '../src/routes/eligibility';

const owner = (id: string, o: Partial<Owner> = {}): Owner => ({
  id,
  name: `Dealer ${id}`,
  privateSeller: false,
  location: { address: { city: 'Atlanta', state: 'GA', zip: '30301' } },
  logo: { src: `/images/owner/${id}.svg` },
  website: { href: `https://dealer-${id}.example` },
  homeServices: ['BUY_ONLINE'],
  dealerDiff: { tagline: `Why buy from Dealer ${id}`, contentId: 'dd-4' },
  ...o,
});

const OWNERS: Record<string, Owner> = {
  d1: owner('d1'),
  d2: owner('d2', { homeServices: ['ONLINE_PAPERWORK'], dealerDiff: { tagline: '', contentId: 'dd-5' } }),
  p1: owner('p1', { privateSeller: true, homeServices: undefined, dealerDiff: undefined, logo: undefined }),
};

const listing = (vin: string, ownerId: string, price: number, miles: number): Listing =>
  ({
    id: `7000000${vin.slice(-2)}`,
    vin,
    title: '2021 Ford F-150 XLT',
    ownerId,
    listingType: 'USED',
    year: 2021,
    make: { code: 'FORD', name: 'Ford' },
    model: { code: 'F150', name: 'F-150' },
    trim: { code: 'XLT', name: 'XLT' },
    bodyStyles: [{ code: 'TRUCKS', name: 'Truck' }],
    fuelType: { code: 'GSL', name: 'Gasoline' },
    color: { exteriorColorSimple: 'WHITE', interiorColorSimple: 'BLACK' },
    mileage: { value: miles, label: `${miles} miles` },
    pricingDetail: { salePrice: price },
    images: { sources: [], primary: 0 },
    vdpBaseUrl: '/cars-for-sale/vehicle/1',
  }) as Listing;

const VINS = {
  sellable: '1FTFW1E50MFA00001',
  privateSeller: '1FTFW1E50MFA00002',
  highMiles: '1FTFW1E50MFA00003',
  noBuyOnline: '1FTFW1E50MFA00004',
  noPrice: '1FTFW1E50MFA00005',
  unknown: '1FTFW1E50MFA00099',
};
const LISTINGS: Record<string, Listing> = {
  [VINS.sellable]: listing(VINS.sellable, 'd1', 32000, 40000),
  [VINS.privateSeller]: listing(VINS.privateSeller, 'p1', 18000, 60000),
  [VINS.highMiles]: listing(VINS.highMiles, 'd1', 9000, 100000),
  [VINS.noBuyOnline]: listing(VINS.noBuyOnline, 'd2', 25000, 20000),
  [VINS.noPrice]: listing(VINS.noPrice, 'd1', 0, 20000),
};

const catalogue: CatalogueView = {
  makes: [
    {
      code: 'FORD',
      name: 'Ford',
      models: [
        {
          code: 'F150',
          name: 'F-150',
          trims: [
            { code: 'XLT', name: 'XLT' },
            { code: 'KING_RANCH', name: 'King Ranch' },
          ],
        },
        { code: 'MACHE', name: 'Mustang Mach-E', trims: [{ code: 'GT', name: 'GT' }] },
      ],
    },
    { code: 'HONDA', name: 'Honda', models: [{ code: 'CIVIC', name: 'Civic', trims: [{ code: 'EX', name: 'EX' }] }] },
  ],
  ownerById: (id) => OWNERS[id],
  listingByVin: (vin) => LISTINGS[vin.toUpperCase()],
};

let today = new Date('2026-03-10T12:00:00Z');
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(contentRoutes, { catalogue, now: () => today });
  await app.register(eligibilityRoutes, { catalogue });
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject(url);

describe('expert reviews', () => {
  it('answers a few reviews generated from the names, the same every time', async () => {
    const a = await get('/content/expert-reviews/2022/ford/f-150/all?embed=1');
    expect(a.statusCode).toBe(200);
    const reviews = a.json();
    expect(reviews.length).toBeGreaterThanOrEqual(1);
    expect(reviews.length).toBeLessThanOrEqual(4);
    for (const r of reviews) {
      expect(r).toMatchObject({
        id: expect.any(Number),
        link: expect.stringMatching(/^https:\/\//),
        title: { rendered: expect.stringContaining('2022 Ford F-150') },
      });
      expect(r._embedded.author[0].name).toBeTruthy();
    }
    expect((await get('/content/expert-reviews/2022/ford/f-150/all?embed=1')).json()).toEqual(reviews);
    // Codes work as well as names; a named trim adds a review about it.
    const byCode = (await get('/content/expert-reviews/2022/FORD/F150/all')).json();
    expect(byCode.map((r: { id: number }) => r.id)).toEqual(reviews.map((r: { id: number }) => r.id));
    expect(byCode[0]._embedded).toBeUndefined();
    const trim = (await get('/content/expert-reviews/2022/ford/f-150/king-ranch')).json();
    expect(trim.length).toBeGreaterThanOrEqual(2);
    expect(trim.some((r: { title: { rendered: string } }) => r.title.rendered.includes('King Ranch'))).toBe(true);
  });

  it('finds nothing for unknown names, and rejects bad values', async () => {
    expect((await get('/content/expert-reviews/2022/ford/nope/all')).json()).toEqual([]);
    expect((await get('/content/expert-reviews/2022/ford/f-150/nope')).json()).toEqual([]);
    expect((await get('/content/expert-reviews/1950/ford/f-150/all')).json()).toEqual([]);
    const bad = await get('/content/expert-reviews/22/ford/f-150/all');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'year has an invalid format' });
    expect((await get('/content/expert-reviews/2022/ford/f-150/all?embed=yes')).statusCode).toBe(400);
  });
});

describe('articles', () => {
  it('answers editorial articles for a model, a make, or in general', async () => {
    const model = (await get('/content/articles?makeCode=FORD&modelCode=F150')).json();
    expect(model).toHaveLength(6);
    for (const a of model) {
      expect(a).toMatchObject({
        link: expect.stringMatching(/^https:\/\//),
        title: expect.stringContaining('F-150'),
        category: expect.any(String),
        image: expect.any(String),
        make: 'Ford',
        model: 'F-150',
      });
    }
    expect(new Set(model.map((a: { category: string }) => a.category)).size).toBe(6);
    const make = (await get('/content/articles?makeCode=FORD')).json();
    expect(make.every((a: { make: string }) => a.make === 'Ford')).toBe(true);
    expect((await get('/content/articles')).json().length).toBeGreaterThan(0);
    expect((await get('/content/articles?makeCode=NOPE')).json()).toEqual([]);
    expect((await get('/content/articles?makeCode=<x>')).statusCode).toBe(400);
  });
});

describe('dealer difference', () => {
  it('answers JSON with cta, htmlContent and logo, personalised when the owner is named', async () => {
    const res = await get('/content/dealer-difference/dd-4.json?listingType=USED&ownerId=d1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      cta: { label: expect.any(String), offsite: true, link: 'https://dealer-d1.example' },
      logo: '/images/owner/d1.svg',
    });
    expect(body.htmlContent).toContain('Why buy from Dealer d1');
    const generic = (await get('/content/dealer-difference/dd-123.json')).json();
    expect(generic.logo).toBeNull();
    expect(generic.htmlContent).toContain('our dealership');
    expect((await get('/content/dealer-difference/dd-123.json')).json()).toEqual(generic);
    // A dealer's owner id names its content too.
    expect((await get('/content/dealer-difference/d1.json?listingType=USED')).json()).toEqual(body);
  });

  it('flagged entries carry unsafe markup for the gateway to remove; others do not', async () => {
    expect(dealerDiffHasUnsafeMarkup('dd-4')).toBe(true);
    expect(dealerDiffHasUnsafeMarkup('dd-5')).toBe(false);
    const unsafe = await get('/content/dealer-difference/dd-4.html?listingType=USED');
    expect(unsafe.statusCode).toBe(200);
    expect(unsafe.headers['content-type']).toMatch(/^text\/html/);
    expect(unsafe.body).toContain('<script>');
    expect(unsafe.body).toMatch(/onerror=/);
    expect(unsafe.body).toContain('href="javascript:');
    const json = (await get('/content/dealer-difference/dd-8.json')).json();
    expect(json.htmlContent).toContain('<script>');
    const safe = await get('/content/dealer-difference/dd-5.html');
    expect(safe.body).not.toMatch(/<script|onerror=|javascript:/);
  });

  it('404 for ids not of the form dd-<digits>; 400 for a bad listing type', async () => {
    expect((await get('/content/dealer-difference/abc.json')).statusCode).toBe(404);
    expect((await get('/content/dealer-difference/dd-4.xml')).statusCode).toBe(404);
    expect((await get('/content/dealer-difference/dd-x1.html')).statusCode).toBe(404);
    // Private sellers have no dealer difference content.
    expect((await get('/content/dealer-difference/p1.json')).statusCode).toBe(404);
    const bad = await get('/content/dealer-difference/dd-4.json?listingType=SHINY');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'listingType has an invalid format' });
  });
});

describe('certified programs', () => {
  it('lists the programs with the spec copy', async () => {
    const res = await get('/content/certified');
    expect(res.statusCode).toBe(200);
    const programs = res.json() as {
      makeCode: string;
      makeCodes: string[];
      productId: string;
      content: string;
      heading: string;
      linkText: string;
      makeLabel: string;
      cpoTile: unknown;
    }[];
    for (const p of programs)
      expect(Object.keys(p)).toEqual(
        expect.arrayContaining(['makeCode', 'makeLabel', 'productId', 'linkText', 'cpoTile', 'heading', 'content']),
      );
    const ids = programs.map((p) => p.productId);
    expect(ids).toContain('FORD_BLUE_CERT');
    const gold = programs.find((p) => p.productId === 'FORD_GOLD_CERT')!;
    expect(gold.content).toContain('14 days or 1,000 miles');
    expect(gold.content).toContain('up to six years old');
    expect(gold.content).toContain('under 80,000 miles');
    expect(gold.content).toContain('172-point inspection');
    expect(programs.find((p) => p.makeCodes.includes('CHEV'))!.makeCodes).toEqual(['BUICK', 'CHEV', 'GMC']);
    expect(programs.find((p) => p.makeCodes.includes('JEEP'))!.productId).toBe('CHRYSLER_CERT');
    expect(programs.find((p) => p.productId === 'THIRD_PARTY_CERT')!.content).toContain('30 to 90 day limited warranty');
  });

  it('answers program details (with inspectionLink where there is one); unknown is 404', async () => {
    const gold = await get('/content/certified/program/FORD_GOLD_CERT');
    expect(gold.statusCode).toBe(200);
    expect(gold.json().inspectionLink).toMatch(/^https:\/\//);
    expect(gold.json().benefits).toContain('172-point inspection');
    expect((await get('/content/certified/program/THIRD_PARTY_CERT')).json().inspectionLink).toBeUndefined();
    expect((await get('/content/certified/program/NOPE')).statusCode).toBe(404);
  });
});

describe('eligibility', () => {
  const verify = (payload: unknown) => app.inject({ method: 'POST', url: '/eligibility/verify', payload: payload as object });

  it('sells a listing of a Buy Online dealer with a price and under 100,000 miles', async () => {
    const res = await verify({ vin: VINS.sellable });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalMatched: 1, sellable: true, circuitBreakerOpen: false, reasons: [] });
    const full = await verify({
      isCertified: false,
      listingPrice: 32000,
      make: 'Ford',
      mileage: 40000,
      model: 'F150',
      msrp: 45000,
      ownerId: 'd1',
      trim: 'XLT',
      vehicleCondition: 'USED',
      vin: VINS.sellable.toLowerCase(),
      year: 2021,
    });
    expect(full.json()).toMatchObject({ totalMatched: 1, sellable: true });
  });

  it.each([
    ['a private seller', VINS.privateSeller, 1],
    ['100,000 miles', VINS.highMiles, 1],
    ['a dealer without Buy Online', VINS.noBuyOnline, 1],
    ['no price', VINS.noPrice, 1],
    ['an unknown vin', VINS.unknown, 0],
  ])('does not sell %s', async (_what, vin, matched) => {
    const res = await verify({ vin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalMatched: matched, sellable: false, circuitBreakerOpen: false });
    expect(res.json().reasons.length).toBeGreaterThan(0);
  });

  it('does not match when the given values disagree with the listing', async () => {
    expect((await verify({ vin: VINS.sellable, ownerId: 'd2' })).json()).toMatchObject({ totalMatched: 0, sellable: false });
    expect((await verify({ vin: VINS.sellable, year: 2019 })).json()).toMatchObject({ totalMatched: 0, sellable: false });
    expect((await verify({ vin: VINS.sellable, mileage: 150000 })).json()).toMatchObject({ totalMatched: 1, sellable: false });
  });

  it('answers 400 for a bad body', async () => {
    expect((await verify({})).json()).toEqual({ error: 'vin is required' });
    expect((await verify({ vin: 'IOQ' })).statusCode).toBe(400);
    expect((await verify({ vin: VINS.sellable, listingPrice: 'lots' })).json()).toEqual({ error: 'listingPrice must be a number' });
    expect((await verify([1, 2])).statusCode).toBe(400);
    const notJson = await app.inject({
      method: 'POST',
      url: '/eligibility/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('view counts', () => {
  it('answers counts for the two brands, the same per vin and day', async () => {
    const url = `/cars-for-sale/svc/listing-view-count?vin=${VINS.privateSeller}&dateRange=7`;
    const a = await get(url);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ vin: VINS.privateSeller, dateRange: 7, counts: { atc: expect.any(Number), kbb: expect.any(Number) } });
    expect(a.json().counts.atc).toBeGreaterThan(0);
    expect((await get(url)).json()).toEqual(a.json());
    const later = today;
    today = new Date('2026-03-10T23:59:00Z');
    expect((await get(url)).json().counts).toEqual(a.json().counts);
    const days = new Set<string>();
    for (let d = 11; d < 20; d++) {
      today = new Date(`2026-03-${d}T08:00:00Z`);
      days.add(JSON.stringify((await get(url)).json().counts));
    }
    expect(days.size).toBeGreaterThan(1);
    today = later;
    expect((await get(`/cars-for-sale/svc/listing-view-count?vin=${VINS.sellable}`)).json().dateRange).toBe(7);
  });

  it('answers zero, every day, for a listing nobody has viewed', async () => {
    const later = today;
    for (let d = 11; d < 15; d++) {
      today = new Date(`2026-03-${d}T08:00:00Z`);
      expect((await get(`/cars-for-sale/svc/listing-view-count?vin=${VINS.sellable}`)).json().counts).toEqual({ atc: 0, kbb: 0 });
    }
    today = later;
  });

  it('400 without a vin or with a date range other than 7', async () => {
    const none = await get('/cars-for-sale/svc/listing-view-count?dateRange=7');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'vin is required' });
    const fourteen = await get(`/cars-for-sale/svc/listing-view-count?vin=${VINS.sellable}&dateRange=14`);
    expect(fourteen.statusCode).toBe(400);
    expect(fourteen.json()).toEqual({ error: 'dateRange must be one of 7' });
  });
});
