/**
 * Market extension and vehicle exchange (page-furniture §3 Listing `marketExtension`, Filters by
 * name `marketExtension`, `vehicleExchange`). designed: a dealer in a neighbouring market carries
 * `marketExtension {parentOwnerId, imeDmaMatch}`; marketExtension=include keeps its listings when
 * its parent store is within the searched radius though it is not. vehicleExchange=true keeps the
 * listings of dealers in a vehicle exchange program. Both answer a facet count.
 */
import type { SearchQuery } from '@cfs/contracts';
import { RELAXATIONS_PATH } from '@cfs/contracts';
import { buildCatalogue, listingObject, NEIGHBOURING_MARKET_MILES } from '../src/catalogue/generate';
import { createEngine } from '../src/search/engine';
import { buildUpstream } from '../src/app';
import { haversineMiles } from '../src/util/geo';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const c = buildCatalogue({ listings: 4000, currentYear: 2026 });
const engine = createEngine(c);
const ids = (q: SearchQuery, opts = {}) => new Set(engine.search({ ...q, numRecords: 100 }, opts).listings.map((l) => l.id));
const extensionCount = (q: SearchQuery) => engine.search({ ...q, numRecords: 1 }).filters!.marketExtension.options[0].count;

/** Searches around a parent store's market: each has listings from a neighbouring market beyond its radius. */
const AROUND: SearchQuery[] = [
  { zip: '21201', searchRadius: 25 },
  { zip: '90012', searchRadius: 10 },
  { zip: '45202', searchRadius: 50, listingType: ['USED'] },
  { zip: '28202', searchRadius: 100, makeCode: ['FORD', 'TOYOTA', 'HONDA'] },
];

describe('the catalogue', () => {
  const extending = c.owners.map((o, i) => ({ o, i })).filter(({ o }) => o.marketParent >= 0);

  it('has dealers in neighbouring markets, each with a parent store of another market that does not extend', () => {
    expect(extending.length).toBeGreaterThan(5);
    expect(extending.length).toBeLessThan(c.owners.length / 3);
    for (const { o } of extending) {
      const parent = c.owners[o.marketParent];
      expect(o.privateSeller).toBe(false);
      expect(parent.privateSeller).toBe(false);
      expect(parent.marketParent).toBe(-1);
      const miles = haversineMiles(o.lat, o.lon, parent.lat, parent.lon);
      // ZIP centres are 30 to 250 miles apart; each store sits within about 15 miles of its centre.
      expect(miles).toBeGreaterThan(NEIGHBOURING_MARKET_MILES[0] - 30);
      expect(miles).toBeLessThan(NEIGHBOURING_MARKET_MILES[1] + 30);
    }
  });

  it('gives the listings of those dealers, and only those, marketExtension {parentOwnerId, imeDmaMatch}', () => {
    let withExtension = 0;
    for (let i = 0; i < c.size; i += 7) {
      const o = c.owners[c.owner[i]];
      const l = listingObject(c, i);
      if (o.marketParent < 0) {
        expect(l.marketExtension).toBeUndefined();
        continue;
      }
      const parent = c.owners[o.marketParent];
      expect(l.marketExtension).toEqual({ parentOwnerId: parent.id, imeDmaMatch: parent.state === o.state });
      withExtension++;
    }
    expect(withExtension).toBeGreaterThan(0);
  });

  it('is the same for the same seed', () => {
    const again = buildCatalogue({ listings: 4000, currentYear: 2026 });
    expect(again.owners.map((o) => [o.marketParent, o.vehicleExchange])).toEqual(c.owners.map((o) => [o.marketParent, o.vehicleExchange]));
  });
});

describe('marketExtension=include', () => {
  it.each(AROUND.map((q, k) => [k, q] as const))('search %i: adds exactly the nearby-market listings the facet counts', (_, q) => {
    const without = engine.search({ ...q, numRecords: 100 });
    const withIt = engine.search({ ...q, marketExtension: 'include', numRecords: 100 });
    const radius = q.searchRadius!;
    const ownerOf = new Map([...without.owners, ...withIt.owners].map((o) => [o.id, o]));
    // Without it every listing is within the radius, and none comes from a dealer outside it.
    for (const l of without.listings) expect(ownerOf.get(l.ownerId)!.distanceFromSearch!).toBeLessThanOrEqual(radius);
    const count = extensionCount(q);
    expect(count).toBeGreaterThan(0);
    expect(extensionCount({ ...q, marketExtension: 'include' })).toBe(count);
    expect(withIt.totalResultCount).toBe(without.totalResultCount + count);
    const beyond = withIt.listings.filter((l) => ownerOf.get(l.ownerId)!.distanceFromSearch! > radius);
    expect(beyond.length).toBeGreaterThan(0);
    for (const l of beyond) {
      expect(l.marketExtension).toBeDefined();
      expect(
        ownerOf.get(l.marketExtension!.parentOwnerId)?.distanceFromSearch ?? distanceOf(q.zip!, l.marketExtension!.parentOwnerId),
      ).toBeLessThanOrEqual(radius);
    }
    // The count alone (no page) agrees.
    expect(engine.match({ ...q, marketExtension: 'include' }).count).toBe(withIt.totalResultCount);
  });

  it('keeps the listings it includes out of the market outside the radius (supplemental)', () => {
    const q: SearchQuery = { zip: '90012', searchRadius: 10, marketExtension: 'include' };
    const within = ids(q);
    const outside = ids(q, { outsideRadius: true });
    expect(outside.size).toBeGreaterThan(0);
    for (const id of outside) expect(within.has(id)).toBe(false);
    const plainOutside = engine.search({ zip: '90012', searchRadius: 10, numRecords: 1 }, { outsideRadius: true, facets: false });
    expect(engine.search({ ...q, numRecords: 1 }, { outsideRadius: true, facets: false }).totalResultCount).toBe(
      plainOutside.totalResultCount - extensionCount(q),
    );
  });

  it('changes nothing without a ZIP and radius, and counts 0 there', () => {
    expect(engine.match({ marketExtension: 'include' }).count).toBe(c.size);
    expect(extensionCount({})).toBe(0);
    expect(extensionCount({ zip: '21201' })).toBe(0);
  });

  it('counts 0 where no neighbouring market reaches, and honours the other filters', () => {
    expect(extensionCount({ zip: '21201', searchRadius: 25, makeCode: ['TESLA'], modelCode: ['NOPE'] })).toBe(0);
    const all = extensionCount({ zip: '21201', searchRadius: 25 });
    const used = extensionCount({ zip: '21201', searchRadius: 25, listingType: ['USED'] });
    const notUsed = extensionCount({ zip: '21201', searchRadius: 25, listingType: ['NEW', 'CERTIFIED', '3P_CERT'] });
    expect(used + notUsed).toBe(all);
  });
});

/** Miles from a ZIP's centre to an owner (for a parent store the page did not return). */
function distanceOf(zip: string, ownerId: string): number {
  const r = engine.search({ zip, showcaseOwnerId: ownerId, numRecords: 1 }, { facets: false });
  return r.owners[0]?.distanceFromSearch ?? Infinity;
}

describe('vehicleExchange=true', () => {
  const QUERIES: SearchQuery[] = [
    {},
    { zip: '21201', searchRadius: 50 },
    { listingType: ['USED'], makeCode: ['FORD', 'TOYOTA'] },
    { zip: '28202', searchRadius: 100, vehicleExchange: 'true', sellerType: ['DEALER'] },
  ];

  it.each(QUERIES.map((q, k) => [k, q] as const))('search %i: keeps exchange dealers only, and the facet counts what it finds', (_, q) => {
    const { vehicleExchange: _own, ...rest } = q;
    const on = engine.search({ ...rest, vehicleExchange: 'true', numRecords: 100 });
    expect(on.totalResultCount).toBeGreaterThan(0);
    expect(on.totalResultCount).toBeLessThan(engine.match(rest).count);
    for (const l of on.listings) expect(c.owners[c.ownerIndex.get(l.ownerId)!].vehicleExchange).toBe(true);
    const facet = engine.search({ ...q, numRecords: 1 }).filters!.vehicleExchange.options;
    expect(facet).toEqual([{ value: 'true', label: 'Vehicle Exchange', count: on.totalResultCount }]);
  });

  it('is a filter the shopper can remove when nothing matches', () => {
    const r = engine.relaxations({ vehicleExchange: 'true', extColorSimple: ['PURPLE'], makeCode: ['TESLA'] });
    const exchange = r.relaxations.find((x) => x.key === 'vehicleExchange')!;
    expect(exchange).toMatchObject({ label: 'Vehicle Exchange', remove: ['vehicleExchange'] });
    expect(exchange.count).toBe(engine.match({ extColorSimple: ['PURPLE'], makeCode: ['TESLA'] }).count);
  });
});

describe('over HTTP', () => {
  it('reads both values from the listing search and answers both facets', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-up-'));
    const app = await buildUpstream({ listings: 4000, dataDir });
    try {
      const plain = (await app.inject('/rest/lsc/listing?zip=21201&searchRadius=25&numRecords=1')).json();
      const wide = (await app.inject('/rest/lsc/listing?zip=21201&searchRadius=25&marketExtension=include&numRecords=1')).json();
      const added = plain.filters.marketExtension.options[0];
      expect(added).toMatchObject({ value: 'include', label: 'Include Nearby Markets' });
      expect(added.count).toBeGreaterThan(0);
      expect(wide.totalResultCount).toBe(plain.totalResultCount + added.count);
      const exchange = (await app.inject('/rest/lsc/listing?zip=21201&searchRadius=25&vehicleExchange=true&numRecords=1')).json();
      expect(exchange.totalResultCount).toBe(plain.filters.vehicleExchange.options[0].count);
      expect((await app.inject(`${RELAXATIONS_PATH}?vehicleExchange=true&zip=21201&searchRadius=25`)).statusCode).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
