/**
 * Every filter filters and counts: each facet option's count equals the number of listings the
 * search finds with that option selected in place of the facet's own selection, and the new
 * filters (vehicle use type, engine displacement, series, packages, money back guarantee) hold on
 * the listings they return.
 */
import type { Listing, SearchQuery } from '@cfs/contracts';
import { RELAXATIONS_PATH } from '@cfs/contracts';
import { buildCatalogue } from '../src/catalogue/generate';
import { createEngine } from '../src/search/engine';
import { keywordTests } from '../src/search/keywords';
import { buildUpstream } from '../src/app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const engine = createEngine(buildCatalogue({ listings: 4000, currentYear: 2026 }));

/**
 * The query with facet `key` set to `value` instead of its own selection; for features and vehicle
 * history, where every selected option must hold, with `value` added to the selection.
 */
function withOption(q: SearchQuery, key: string, value: string): SearchQuery {
  const r: Record<string, unknown> = { ...q };
  switch (key) {
    case 'featureCode':
    case 'vehicleHistoryType': {
      const chosen = (q[key] ?? []).filter((v) => v !== value);
      r[key] = [...chosen, value];
      break;
    }
    case 'price': {
      const [lo, hi] = value.split('-');
      delete r.minPrice;
      delete r.maxPrice;
      r.minPrice = Number(lo);
      // Buckets are [lo, hi): the filter's max is inclusive.
      if (hi) r.maxPrice = Number(hi) - 1;
      break;
    }
    case 'yearRange':
      r.startYear = r.endYear = Number(value);
      break;
    case 'mileage':
    case 'electricMileRange':
    case 'searchRadius':
      r[key] = Number(value);
      break;
    case 'mpgRange':
    case 'moneyBackGuarantee':
      r[key] = value;
      break;
    case 'makeCode':
      delete r.modelCode;
      delete r.seriesCode;
      delete r.trimCode;
      r.makeCode = [value];
      break;
    case 'modelCode':
      delete r.makeCode;
      delete r.seriesCode;
      delete r.trimCode;
      r.modelCode = [value];
      break;
    case 'seriesCode':
      delete r.modelCode;
      delete r.trimCode;
      r.seriesCode = [value];
      break;
    default:
      r[key] = [value];
  }
  return r as SearchQuery;
}

const QUERIES: SearchQuery[] = [
  {},
  { listingType: ['USED'], zip: '30301', searchRadius: 75 },
  { makeCode: ['FORD'], modelCode: ['F150'], minPrice: 15000, maxPrice: 45000 },
  { vehicleStyleCode: ['SUVCROSS'], fuelTypeGroup: ['GSL', 'HYB'], featureCode: ['610'], mileage: 60000, startYear: 2018 },
  { makeCode: ['TOYOTA', 'HONDA'], modelCode: ['CAMRY'], vehicleUseType: ['PERSONAL'], moneyBackGuarantee: 'true', mpgRange: '30-39' },
  { featureCode: ['610', '170'], vehicleHistoryType: ['ONE_OWNER'], homeServices: ['BUY_ONLINE'], zip: '60601', searchRadius: 100 },
  {
    listingType: ['NEW', 'CERTIFIED'],
    extColorSimple: ['WHITE', 'BLACK'],
    makeCode: ['FORD'],
    modelCode: ['F150'],
    trimCode: ['XLT'],
    maxPrice: 40000,
  },
];

describe('facet counts', () => {
  it.each(QUERIES.map((q, k) => [k, q] as const))('query %i: every option counts what selecting it finds', (_, q) => {
    const r = engine.search({ ...q, numRecords: 1 });
    const filters = r.filters!;
    for (const key of [
      'searchRadius',
      'vehicleUseType',
      'moneyBackGuarantee',
      'yearRange',
      'listingType',
      'driveGroup',
      'price',
      'mileage',
      'vehicleStyleCode',
      'suvSubtypeCode',
      'vanSubtypeCode',
      'sedanSubtypeCode',
      'fuelTypeGroup',
      'mpgRange',
      'makeCode',
      'modelCode',
      'seriesCode',
      'packages',
      'extColorSimple',
      'intColorSimple',
      'transmissionCode',
      'engineDisplacement',
      'engineCode',
      'vehicleHistoryType',
      'homeServices',
      'featureCode',
      'dealType',
      'maximumSeating',
      'doorCode',
      'sellerType',
      'vehicleType',
      'electricMileRange',
      'truckBedLength',
      'truckCabSize',
    ]) {
      if (key === 'searchRadius' && !q.zip) {
        expect(filters.searchRadius).toBeUndefined();
        continue;
      }
      expect(filters[key]?.options.length).toBeGreaterThan(0);
      // A make with a model selected elsewhere keeps its model: compare the make facet only without one.
      if ((key === 'makeCode' || key === 'seriesCode') && q.modelCode) continue;
      for (const o of filters[key].options) {
        const expected = engine.match(withOption(q, key, o.value)).count;
        if (o.count !== expected) throw new Error(`${JSON.stringify(q)} ${key}=${o.value}: count ${o.count}, search finds ${expected}`);
      }
    }
  });

  it('counts a feature or history option as added to those already chosen', () => {
    const q: SearchQuery = { featureCode: ['610'], vehicleStyleCode: ['SUVCROSS'] };
    const r = engine.search({ ...q, numRecords: 1 });
    const chosen = r.filters!.featureCode.options.find((o) => o.value === '610')!;
    expect(chosen.count).toBe(r.totalResultCount);
    for (const o of r.filters!.featureCode.options) {
      expect(o.count).toBe(engine.match({ ...q, featureCode: ['610', o.value] }).count);
      expect(o.count).toBeLessThanOrEqual(r.totalResultCount);
    }
    for (const o of r.filters!.vehicleHistoryType.options) {
      expect(o.count).toBe(engine.match({ ...q, vehicleHistoryType: [o.value] }).count);
    }
  });

  it('offers the truck cab sizes of the spec and fuel types in the spec order', () => {
    const f = engine.search({ numRecords: 1 }).filters!;
    expect(f.truckCabSize.options.map((o) => o.label)).toEqual(['3 or less', '4', '5', '6']);
    expect(f.fuelTypeGroup.options.slice(0, 6).map((o) => o.label)).toEqual([
      'Electric',
      'Gasoline',
      'Hybrid',
      'Plug-In Hybrid',
      'Diesel',
      'Hydrogen',
    ]);
  });
});

describe('filters', () => {
  const all = (q: SearchQuery): Listing[] => engine.search({ ...q, numRecords: 100 }).listings;

  it('filters on vehicle use type, engine displacement, series, packages and money back guarantee', () => {
    const commercial = all({ vehicleUseType: ['COMMERCIAL'] });
    expect(commercial.length).toBeGreaterThan(0);
    expect(commercial.every((l) => l.vehicleUseType === 'COMMERCIAL')).toBe(true);
    const disp = all({ engineDisplacement: ['3.5'] });
    expect(disp.length).toBeGreaterThan(0);
    expect(disp.every((l) => l.engine?.displacement === 3.5)).toBe(true);
    const fSeries = all({ makeCode: ['FORD'], seriesCode: ['F_SERIES'] });
    expect(new Set(fSeries.map((l) => l.model.code))).toEqual(new Set(['F150', 'F250']));
    const tow = all({ makeCode: ['FORD'], packages: ['Tow Package'] });
    expect(tow.length).toBeGreaterThan(0);
    expect(tow.every((l) => l.packages?.includes('Tow Package'))).toBe(true);
    const mbg = all({ moneyBackGuarantee: 'true' });
    expect(mbg.length).toBeGreaterThan(0);
    expect(mbg.every((l) => l.moneyBackGuarantee && l.listingType !== 'NEW')).toBe(true);
  });

  it('keeps every model of a make with no model selected (model per make), and every trim of a model with none selected', () => {
    const r = all({ makeCode: ['FORD', 'HONDA'], modelCode: ['F150'], trimCode: ['XLT'] });
    expect(r.some((l) => l.make.code === 'HONDA')).toBe(true);
    expect(r.filter((l) => l.make.code === 'FORD').every((l) => l.model.code === 'F150' && l.trim?.code === 'XLT')).toBe(true);
    const count = (q: SearchQuery) => engine.match(q).count;
    expect(count({ makeCode: ['FORD', 'HONDA'], modelCode: ['F150'] })).toBe(
      count({ makeCode: ['FORD'], modelCode: ['F150'] }) + count({ makeCode: ['HONDA'] }),
    );
    expect(count({ makeCode: ['FORD'], modelCode: ['NOSUCH'] })).toBe(0);
  });

  it('matches the keyword phrase: every word, and a quoted part word for word', () => {
    expect(keywordTests('Ford  F-150 "King Ranch"')).toEqual([' king ranch ', ' ford', ' f150']);
    const r = all({ keywordPhrases: 'f150 "king ranch"' });
    expect(r.length).toBeGreaterThan(0);
    expect(r.every((l) => l.model.code === 'F150' && l.trim?.name === 'King Ranch')).toBe(true);
    expect(engine.match({ keywordPhrases: '"ranch king"' }).count).toBe(0);
  });
});

describe('suggested filters and relaxations', () => {
  it('suggests values that narrow the search, with their counts; truck cab sizes for trucks', () => {
    const q: SearchQuery = { vehicleStyleCode: ['TRUCKS'] };
    const r = engine.search({ ...q, numRecords: 1 }, { suggested: true });
    const s = r.suggestedFilters!;
    expect(s.length).toBeGreaterThan(0);
    const cabs = r.filters!.truckCabSize.options.filter((o) => o.count > 0 && o.count < r.totalResultCount);
    expect(cabs.length).toBeGreaterThan(1);
    expect(s.filter((x) => x.key === 'truckCabSize').map((x) => x.name)).toEqual(cabs.map((o) => o.label));
    for (const x of s) {
      expect(x.count).toBeGreaterThan(0);
      expect(x.count).toBeLessThan(r.totalResultCount);
      expect(engine.match({ ...q, [x.key]: x.codes }).count).toBe(x.count);
    }
  });

  it('answers, for each filter set, the count with it alone removed, best first', () => {
    const q: SearchQuery = { makeCode: ['FORD'], modelCode: ['MACHE'], minPrice: 10000, maxPrice: 12000, extColorSimple: ['PURPLE'] };
    const r = engine.relaxations(q);
    expect(r.totalResultCount).toBe(engine.match(q).count);
    expect(r.relaxations.map((x) => x.key).sort()).toEqual(['extColorSimple', 'makeCode', 'modelCode', 'price']);
    const counts = r.relaxations.map((x) => x.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const price = r.relaxations.find((x) => x.key === 'price')!;
    expect(price.label).toBe('Price: $10,000 – $12,000');
    expect(price.search).toBe('makeCode=FORD&modelCode=MACHE&extColorSimple=PURPLE');
    expect(price.count).toBe(engine.match({ ...q, minPrice: undefined, maxPrice: undefined }).count);
    const make = r.relaxations.find((x) => x.key === 'makeCode')!;
    expect(make.remove).toEqual(expect.arrayContaining(['makeCode', 'modelCode']));
    expect(make.count).toBe(engine.match({ minPrice: 10000, maxPrice: 12000, extColorSimple: ['PURPLE'] }).count);
  });

  it('is served over HTTP, with a 400 for bad values', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-up-'));
    const app = await buildUpstream({ listings: 2000, dataDir });
    try {
      const ok = await app.inject(`${RELAXATIONS_PATH}?makeCode=FORD&mileage=10&zip=30301&searchRadius=10`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().relaxations.map((x: { label: string }) => x.label)).toEqual(
        expect.arrayContaining(['Make: Ford', 'Mileage: Under 10 miles', 'Distance: Within 10 miles']),
      );
      expect((await app.inject(`${RELAXATIONS_PATH}?minPrice=abc`)).statusCode).toBe(400);
      const s = await app.inject('/rest/lsc/listing?vehicleStyleCode=SUVCROSS&includeSuggested=true&numRecords=1');
      expect(s.json().suggestedFilters.length).toBeGreaterThan(0);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
