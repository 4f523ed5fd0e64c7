import { engineFor } from '../src/app';
import { upstreamAround } from './fixtures/upstream';
import { buildCatalogue, listingObject } from '../src/catalogue/generate';
import { viewCounts } from '../src/catalogue/views';

const N = 3000;
const upstream = upstreamAround(N);
const search = upstream.search;

describe('7-day view counts', () => {
  it('the listing carries what the per-VIN route answers for the main brand; listings nobody viewed carry none', async () => {
    const { listings } = await search('numRecords=100');
    let unviewed = 0;
    for (const l of listings) {
      const res = await upstream.app().inject(`/cars-for-sale/svc/listing-view-count?vin=${l.vin}&dateRange=7`);
      expect(res.statusCode).toBe(200);
      const { atc } = res.json().counts;
      expect(l.viewCount ?? 0).toBe(atc);
      if (l.viewCount === undefined) unviewed++;
      else expect(l.viewCount).toBeGreaterThan(0);
    }
    expect(unviewed).toBeGreaterThan(0);
    expect(unviewed).toBeLessThan(40);
  });

  it('follows the catalogue clock: the same within a day, moving as the 7-day window rolls', () => {
    let day = new Date('2026-03-10T08:00:00Z');
    const c = buildCatalogue({ listings: 200, now: () => day });
    const first = Array.from({ length: 200 }, (_, i) => listingObject(c, i).viewCount);
    expect(first).toEqual(Array.from({ length: 200 }, (_, i) => viewCounts(c.vins[i], day).atc || undefined));
    day = new Date('2026-03-10T22:00:00Z');
    expect(Array.from({ length: 200 }, (_, i) => listingObject(c, i).viewCount)).toEqual(first);
    day = new Date('2026-03-11T08:00:00Z');
    expect(Array.from({ length: 200 }, (_, i) => listingObject(c, i).viewCount)).not.toEqual(first);
  });

  it('spreads counts like real traffic: most in the tens, a few in the hundreds', () => {
    const now = new Date('2026-03-10T08:00:00Z');
    const counts = engineFor(N, 20261122)
      .catalogue.vins.map((v) => viewCounts(v, now).atc)
      .filter((n) => n > 0)
      .sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)];
    expect(median).toBeGreaterThanOrEqual(10);
    expect(median).toBeLessThanOrEqual(60);
    expect(counts[counts.length - 1]).toBeGreaterThan(150);
  });
});

describe('360-degree images', () => {
  it('belong to a minority of dealer listings and to no private seller', () => {
    const c = engineFor(N, 20261122).catalogue;
    let dealer = 0;
    let spins = 0;
    const ids = new Set<string>();
    for (let i = 0; i < c.size; i++) {
      const l = listingObject(c, i);
      if (c.ownerPrivate[c.owner[i]]) {
        expect(l.fyuseId).toBeUndefined();
        continue;
      }
      dealer++;
      if (l.fyuseId === undefined) continue;
      spins++;
      expect(l.fyuseId).toMatch(/^[0-9a-z]{12}$/);
      ids.add(l.fyuseId);
    }
    expect(spins / dealer).toBeGreaterThan(0.05);
    expect(spins / dealer).toBeLessThan(0.3);
    expect(ids.size).toBe(spins);
  });

  it('reach the page in the search answer', async () => {
    const { listings } = await search('numRecords=100&sortBy=derivedpriceDESC');
    expect(listings.some((l) => typeof l.fyuseId === 'string')).toBe(true);
  });
});

describe('sorting by price', () => {
  it.each(['', '&makeCode=FORD', '&listingType=USED&vehicleStyleCode=TRUCKS'])(
    'ascending yields increasing prices across pages%s',
    async (filters) => {
      const p1 = await search(`sortBy=derivedpriceASC&numRecords=50${filters}`);
      const p2 = await search(`sortBy=derivedpriceASC&numRecords=50&firstRecord=50${filters}`);
      const prices = [...p1.listings, ...p2.listings].map((l) => l.pricingDetail.salePrice!);
      expect(prices.length).toBeGreaterThan(50);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      // Not a run of one floor price.
      expect(new Set(prices.slice(0, 30)).size).toBeGreaterThan(15);
    },
  );
});
