import { PNG } from 'pngjs';
import { PHOTO_HEIGHT, PHOTO_WIDTH } from '../src/routes/listing-photo';
import type { SearchResult } from '@cfs/contracts';
import { SORT_VALUES } from '@cfs/contracts';
import { engineFor } from '../src/app';
import { upstreamAround } from './fixtures/upstream';
import { isValidVin } from '../src/catalogue/vin';

const N = 3000;
const upstream = upstreamAround(N);
const search = upstream.search;

describe('catalogue', () => {
  it('is deterministic from its seed, with valid VINs and titles that sometimes carry " w/"', async () => {
    const a = await search('numRecords=100');
    const b = await search('numRecords=100');
    expect(a.listings.map((l) => l.vin)).toEqual(b.listings.map((l) => l.vin));
    const c = engineFor(N, 20261122).catalogue;
    expect(c.vins.every(isValidVin)).toBe(true);
    expect(new Set(c.vins).size).toBe(N);
    const all = await search('numRecords=100&sortBy=yearDESC');
    expect(all.listings.some((l) => l.title.includes(' w/ '))).toBe(true);
  });

  it('keeps mileage plausible for the year', async () => {
    const r = await search('listingType=NEW&numRecords=100');
    expect(r.listings.every((l) => l.mileage.value < 100)).toBe(true);
    const used = await search('listingType=USED&numRecords=100&sortBy=mileageDESC');
    expect(used.listings[0].mileage.value).toBeLessThanOrEqual(250000);
  });
});

describe('listing search', () => {
  it('filters by make and model, and every returned owner belongs to a listing', async () => {
    const r = await search('makeCode=FORD&modelCode=F150&numRecords=50');
    expect(r.totalResultCount).toBeGreaterThan(0);
    expect(r.listings.every((l) => l.make.code === 'FORD' && l.model.code === 'F150')).toBe(true);
    const ownerIds = new Set(r.listings.map((l) => l.ownerId));
    expect(r.owners.every((o) => ownerIds.has(o.id))).toBe(true);
  });

  it('counts facets given the other filters: a facet ignores its own selection', async () => {
    const all = await search('numRecords=1');
    const ford = await search('makeCode=FORD&numRecords=1');
    const makeOpts = (r: SearchResult) => Object.fromEntries(r.filters!.makeCode.options.map((o) => [o.value, o.count]));
    // Selecting Ford does not change the make facet's counts...
    expect(makeOpts(ford)).toEqual(makeOpts(all));
    // ...but narrows every other facet to Ford listings.
    const bodyTotal = ford.filters!.vehicleStyleCode.options.reduce((s, o) => s + o.count, 0);
    expect(bodyTotal).toBe(ford.totalResultCount);
    expect(makeOpts(all).FORD).toBe(ford.totalResultCount);
  });

  it('filters on price, year, mileage, fuel, colour and features, and reports stats', async () => {
    const r = await search(
      'minPrice=15000&maxPrice=30000&startYear=2018&endYear=2022&mileage=60000&numRecords=100&stats=year,derivedprice',
    );
    for (const l of r.listings) {
      expect(l.pricingDetail.salePrice).toBeGreaterThanOrEqual(15000);
      expect(l.pricingDetail.salePrice).toBeLessThanOrEqual(30000);
      expect(l.year).toBeGreaterThanOrEqual(2018);
      expect(l.year).toBeLessThanOrEqual(2022);
      expect(l.mileage.value).toBeLessThanOrEqual(60000);
    }
    expect(r.stats?.year?.min).toBeGreaterThanOrEqual(2018);
    expect(r.stats?.derivedprice?.max).toBeLessThanOrEqual(30000);
    const ev = await search('fuelTypeGroup=ELE&featureCode=610,170&numRecords=100');
    expect(ev.listings.every((l) => l.fuelType.code === 'ELE' && l.features!.includes('610') && l.features!.includes('170'))).toBe(true);
  });

  it('computes distance from the searched ZIP and filters by radius; 0 is nationwide', async () => {
    const near = await search('zip=30301&searchRadius=50&numRecords=100&sortBy=distanceASC');
    expect(near.totalResultCount).toBeGreaterThan(0);
    expect(near.owners.every((o) => (o.distanceFromSearch ?? 999) <= 50)).toBe(true);
    const d = near.owners.map((o) => o.distanceFromSearch!);
    expect(d.every((x) => Math.round(x * 100) / 100 === x)).toBe(true);
    const nationwide = await search('zip=30301&searchRadius=0&numRecords=1');
    expect(nationwide.totalResultCount).toBe(N);
  });

  it.each(SORT_VALUES.filter((s) => s !== 'relevance' && s !== 'distanceASC'))('sorts by %s', async (sortBy) => {
    const r = await search(`sortBy=${sortBy}&numRecords=60`);
    const key = (l: SearchResult['listings'][number]) =>
      sortBy.startsWith('derivedprice')
        ? l.pricingDetail.salePrice!
        : sortBy.startsWith('mileage')
          ? l.mileage.value
          : sortBy.startsWith('year')
            ? l.year
            : 0;
    if (sortBy.startsWith('datelisted')) return expect(r.listings).toHaveLength(60);
    const keys = r.listings.map(key);
    const sorted = [...keys].sort((a, b) => (sortBy.endsWith('DESC') ? b - a : a - b));
    expect(keys).toEqual(sorted);
  });

  it('pages with firstRecord and numRecords without overlap', async () => {
    const p1 = await search('makeCode=TOYOTA&numRecords=20');
    const p2 = await search('makeCode=TOYOTA&numRecords=20&firstRecord=20');
    const ids1 = new Set(p1.listings.map((l) => l.id));
    expect(p2.listings.some((l) => ids1.has(l.id))).toBe(false);
    expect(p2.totalResultCount).toBe(p1.totalResultCount);
  });

  it('excludes listings, finds one by VIN, and answers supplemental, similar and count calls', async () => {
    const first = (await search('numRecords=2')).listings;
    const without = await search(`numRecords=2&excludedListingId=${first[0].id}`);
    expect(without.listings.map((l) => l.id)).not.toContain(first[0].id);
    const byVin = await search(`vin=${first[1].vin}`);
    expect(byVin.listings[0].id).toBe(first[1].id);
    // Supplemental: the market outside the search's radius, none of the search's own listings.
    const within = await search('zip=30301&searchRadius=10&numRecords=100');
    const supp = await search('zip=30301&searchRadius=10&supplemental=true&numRecords=100');
    expect(supp.totalResultCount).toBe(N - within.totalResultCount);
    expect(supp.owners.every((o) => (o.distanceFromSearch ?? Infinity) > 10)).toBe(true);
    const ownIds = new Set(within.listings.map((l) => l.id));
    expect(supp.listings.some((l) => ownIds.has(l.id))).toBe(false);
    const sim = await search(`similarTo=${first[0].id}&numRecords=20`);
    expect(sim.listings.length).toBeLessThanOrEqual(20);
    expect(sim.listings.every((l) => l.bodyStyles[0].code === first[0].bodyStyles[0].code && l.id !== first[0].id)).toBe(true);
    const count = await upstream.app().inject('/rest/lsc/listing/count?searchRadius=0&dealType=greatprice');
    expect(count.json().count).toBeGreaterThan(0);
  });

  it('keeps the vehicle highlights of supplemental and similar listings only with includeVehicleHighlights=true', async () => {
    const highlighted = (r: SearchResult) => r.listings.filter((l) => l.vehicleHighlight?.isVehicleHighlight);
    const supp = 'zip=30301&searchRadius=10&vhrProvider=ALL&supplemental=true&numRecords=100&hideFilters=true';
    const kept = await search(`${supp}&includeVehicleHighlights=true`);
    expect(highlighted(kept).length).toBeGreaterThan(0);
    expect(highlighted(kept).some((l) => l.images.sources.length > 1)).toBe(true);
    for (const off of [`${supp}&includeVehicleHighlights=false`, supp]) {
      const plain = await search(off);
      // The same listings, each without its highlight and with its one image (a spin's photos: 4).
      expect(plain.listings.map((l) => l.id)).toEqual(kept.listings.map((l) => l.id));
      expect(highlighted(plain)).toEqual([]);
      expect(plain.listings.every((l) => l.images.sources.length === (l.fyuseId ? 4 : 1))).toBe(true);
    }
    const first = kept.listings[0].id;
    const simKept = await search(`similarTo=${first}&numRecords=20&includeVehicleHighlights=true`);
    const simPlain = await search(`similarTo=${first}&numRecords=20`);
    expect(simPlain.listings.map((l) => l.id)).toEqual(simKept.listings.map((l) => l.id));
    expect(highlighted(simPlain)).toEqual([]);
    // The search itself is not a supplemental call: its listings keep their highlights.
    expect(highlighted(await search('zip=30301&searchRadius=10&numRecords=100')).length).toBeGreaterThan(0);
  });

  it('answers spotlight tiers, vehicle highlights and boost listings', async () => {
    const prem = await upstream
      .app()
      .inject('/rest/lsc/listing/spotlight/premiumresults?numSpotlights=3&listingTier=premium&spotlightPage=1');
    expect(prem.statusCode).toBe(200);
    const p = prem.json() as SearchResult;
    expect(p.listings.length).toBeLessThanOrEqual(3);
    expect(p.listings.every((l) => l.listingTier === 'spotlight')).toBe(true);
    const page2 = (
      await upstream.app().inject('/rest/lsc/listing/spotlight/premiumresults?numSpotlights=3&spotlightPage=2')
    ).json() as SearchResult;
    expect(page2.listings[0].id).not.toBe(p.listings[0].id);
    const feat = (
      await upstream.app().inject('/rest/lsc/listing/spotlight/results?numSpotlights=6&listingTier=featured')
    ).json() as SearchResult;
    expect(feat.listings.length).toBe(6);
    const hl = (await upstream.app().inject('/rest/lsc/listing/vehiclehighlights')).json() as SearchResult;
    expect(hl.listings.every((l) => l.vehicleHighlight?.isVehicleHighlight && l.images.sources.length <= 4)).toBe(true);
    const boost = (await upstream.app().inject('/rest/lsc/listing/boost?firstRecord=0&numRecords=2&makeCode=HONDA')).json() as SearchResult;
    expect(boost.listings.every((l) => l.listingType === 'NEW' && l.make.code === 'HONDA')).toBe(true);
  });
});

describe('validation', () => {
  it.each([
    ['minPrice=abc', 'minPrice must be a whole number'],
    ['sortBy=cheapest', 'sortBy must be one of'],
    ['zip=3030', 'zip must be 5 digits'],
    ['listingType=FLYING', "unknown listingType 'FLYING'"],
    ['numRecords=500', 'numRecords must be 1 to 100'],
    ['zip=00000', 'is not a known US ZIP code'],
    ['mpgRange=lots', 'mpgRange must look like'],
  ])('%s is a clear 400', async (qs, message) => {
    const res = await upstream.app().inject(`/rest/lsc/listing?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('answers unknown paths and models with 404, never 500', async () => {
    expect((await upstream.app().inject('/rest/lsc/nothing')).statusCode).toBe(404);
    expect((await upstream.app().inject('/rest/research/pricing?makeCode=FORD&modelCode=NOPE')).statusCode).toBe(404);
    expect((await upstream.app().inject('/rest/research/pricing')).statusCode).toBe(400);
    expect((await upstream.app().inject('/rest/lsc/listing/spotlight/results?listingTier=gold')).statusCode).toBe(400);
  });
});

describe('reference', () => {
  it('gives model-year and trim price rows from the catalogue', async () => {
    const res = await upstream.app().inject('/rest/research/pricing?makeCode=FORD&modelCode=F150');
    const body = res.json();
    expect(body.modelYears.length).toBeGreaterThan(0);
    for (const row of body.modelYears) {
      expect(row.startingPrice).toBeLessThanOrEqual(row.avgPrice);
      expect(row.avgPrice).toBeLessThanOrEqual(row.maxPrice);
      expect(row.link).toContain('/cars-for-sale/all/ford/f150?startYear=');
    }
    expect(body.trims.length).toBeGreaterThan(0);
  });

  it('answers the protected lookups', async () => {
    const mileage = (await upstream.app().inject('/rest/lsc/crawl/stats/mileage?modelCode=CIVIC&listingType=USED')).json();
    expect(mileage.threshold).toBe(50000);
    expect(mileage.mileageMax).toBeLessThanOrEqual(250000);
    expect((await upstream.app().inject('/rest/lsc/crawl/modelyears?makeCode=HONDA&modelCode=CIVIC')).json().years.length).toBeGreaterThan(
      0,
    );
    expect((await upstream.app().inject('/rest/lsc/crawl/trims?makeCode=HONDA&modelCode=CIVIC')).json().trims[0]).toHaveProperty('code');
    expect(
      (await upstream.app().inject('/rest/lsc/modelinfo/ymm?makeCode=HONDA&modelCode=CIVIC&startYear=2020&numRecords=1')).json().results,
    ).toHaveLength(1);
    expect(
      (await upstream.app().inject('/cars-for-sale/searchoptions/packages?makeCode=FORD&modelCode=F150&trimCode=XLT')).json().results
        .packageNames,
    ).toContain('Tow Package');
    const rv = (await upstream.app().inject('/rest/research/reference-vehicles?yearId=2022&atcMakeCode=HONDA&atcModelCode=CIVIC')).json();
    expect(rv.trims[0].specs.map((s: { id: string }) => s.id)).toEqual(['546', '561', '610', '170', '160', '557', '236', '615', '578']);
    const ratings = (await upstream.app().inject(`/rest/research/consumer-ratings?vehicleId=${rv.trims[0].vehicleId}`)).json();
    expect(ratings.ratings.map((r: { name: string }) => r.name)).toContain('Overall Rating');
  });

  it('validates ZIP codes and draws listing images locally', async () => {
    expect((await upstream.app().inject('/geo/zip/30301')).json()).toMatchObject({ success: true, state: 'GA' });
    expect((await upstream.app().inject('/geo/zip/00000')).statusCode).toBe(404);
    const l = (await search('numRecords=1')).listings[0];
    const img = await upstream.app().inject(l.images.sources[0].src);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(img.rawPayload);
    expect([png.width, png.height]).toEqual([PHOTO_WIDTH, PHOTO_HEIGHT]);
    expect((await upstream.app().inject(l.images.sources[0].src.replace('.png', '.svg'))).statusCode).toBe(404);
  });

  it("draws a listing photo in the car's colour, facing the other way in odd views", async () => {
    const l = (await search('numRecords=1')).listings[0];
    const colour = (src: string, x: number, y: number) =>
      upstream
        .app()
        .inject(src)
        .then((r) => {
          const png = PNG.sync.read(r.rawPayload);
          const o = (y * png.width + x) * 4;
          return [png.data[o], png.data[o + 1], png.data[o + 2]];
        });
    const src = l.images.sources[0].src;
    // The middle of the body is the car's colour, a corner the light ground.
    const body = await colour(src, 300, 200);
    expect(body).not.toEqual([0xee, 0xf1, 0xf5]);
    expect(await colour(src, 2, 2)).toEqual([0xee, 0xf1, 0xf5]);
    // The same photo is the same bytes every time (drawn once, kept).
    expect((await upstream.app().inject(src)).rawPayload.equals((await upstream.app().inject(src)).rawPayload)).toBe(true);
    const other = l.images.sources.find((s: { src: string }) => /-1\.png$/.test(s.src));
    if (other)
      expect((await upstream.app().inject(other.src)).rawPayload.equals((await upstream.app().inject(src)).rawPayload)).toBe(false);
  });
});

describe('model images', () => {
  it('draws the images that articles and reviews point at', async () => {
    const res = await upstream.app().inject('/images/model/ford-f150.svg');
    expect(res.statusCode).toBe(200);
    expect((await upstream.app().inject('/images/model/nope-nope.svg')).statusCode).toBe(404);
  });
});

describe('listing photos', () => {
  it('are all drawn ahead of time, each once, one per turn of the event loop', async () => {
    const { drawAllListingPhotos } = await import('../src/routes/listing-photo');
    const { SHAPES } = await import('../src/routes/car-scene');
    const { EXTERIOR_COLORS } = await import('../src/catalogue/tables');
    const seen = new Set<string>();
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    const n = await drawAllListingPhotos((shape, colour, view) => {
      seen.add(`${shape}|${colour}|${view}`);
      return Buffer.alloc(0);
    });
    clearInterval(tick);
    expect(n).toBe(Object.keys(SHAPES).length * EXTERIOR_COLORS.length * 2);
    expect(seen.size).toBe(n);
    // Timers ran between drawings: the server answers requests meanwhile.
    expect(turns).toBeGreaterThan(0);
  });
});

describe('suggested model items (page-furniture §3)', () => {
  it('suggests the model whose name a chosen one begins, of the same make, unless it is chosen too', async () => {
    const mustang = await search('makeCode=FORD&modelCode=MUSTANG&numRecords=1');
    expect(mustang.suggestedModels).toEqual([
      {
        selectedMakeDescription: 'Ford',
        selectedModelDescription: 'Mustang',
        suggestedMakeDescription: 'Ford',
        suggestedModelDescription: 'Mustang Mach-E',
        suggestedMakeCode: 'FORD',
        suggestedModelCode: 'MACHE',
      },
    ]);
    // The model code alone (lower case too) is enough.
    expect((await search('modelCode=mustang&numRecords=1')).suggestedModels).toHaveLength(1);
    // Both chosen, another make chosen, or a model no other name begins with: none.
    expect((await search('makeCode=FORD&modelCode=MUSTANG,MACHE&numRecords=1')).suggestedModels).toBeUndefined();
    expect((await search('makeCode=CHEV&modelCode=MUSTANG&numRecords=1')).suggestedModels).toBeUndefined();
    expect((await search('makeCode=FORD&modelCode=F150&numRecords=1')).suggestedModels).toBeUndefined();
    expect((await search('numRecords=1')).suggestedModels).toBeUndefined();
    // Never on the supplemental call.
    expect((await search('makeCode=FORD&modelCode=MUSTANG&supplemental=true&numRecords=1')).suggestedModels).toBeUndefined();
  });
});
