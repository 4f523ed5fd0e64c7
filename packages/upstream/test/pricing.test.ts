import type { ListingType } from '@cfs/contracts';
import { DEALS, LTYPES, buildCatalogue, listingObject, type Catalogue } from '../src/catalogue/generate';
import {
  DEAL_RATINGS,
  ageInYears,
  askingPrice,
  dealRating,
  mileageFactor,
  payments,
  retention,
  vehicleMsrp,
  type PriceClass,
} from '../src/catalogue/pricing';
import { MAKES, type ModelSpec } from '../src/catalogue/vehicles';

const YEAR = 2026;
const N = 40000;
let c: Catalogue;

beforeAll(() => {
  c = buildCatalogue({ listings: N, currentYear: YEAR });
});

function model(code: string): ModelSpec {
  return MAKES.flatMap((m) => m.models).find((m) => m.code === code)!;
}

/** Catalogue rows of a model and trim (by name), optionally of a listing type and year. */
function rows(code: string, trim: string, where: { type?: ListingType; year?: number } = {}): number[] {
  const mi = c.models.findIndex((m) => m.code === code);
  const ti = c.models[mi].trims.indexOf(trim);
  const out: number[] = [];
  for (let i = 0; i < c.size; i++) {
    if (c.model[i] !== mi || c.trim[i] !== ti) continue;
    if (where.type && LTYPES[c.ltype[i]] !== where.type) continue;
    if (where.year && c.year[i] !== where.year) continue;
    out.push(i);
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const plain = { fuel: 'GSL', drive: 'RWD', packaged: false };

describe('new prices (MSRP)', () => {
  it.each([
    ['F150', 'XL', 34_000, 38_000],
    ['F150', 'Platinum', 64_000, 70_000],
    ['CIVIC', 'LX', 23_000, 26_000],
    ['CIVIC', 'Touring', 29_000, 32_000],
    ['CORVETTE', 'Z06', 100_000, 120_000],
    ['MODELS', 'Plaid', 85_000, 95_000],
    ['X5', 'M60i', 85_000, 95_000],
    ['COROL', 'L', 20_000, 24_000],
  ])('%s %s of the current model year lists between $%i and $%i', (code, trim, lo, hi) => {
    const m = model(code);
    const msrp = vehicleMsrp(m, m.trims.indexOf(trim), YEAR, YEAR, { ...plain, fuel: m.fuels[0] });
    expect(msrp).toBeGreaterThanOrEqual(lo);
    expect(msrp).toBeLessThanOrEqual(hi);
    expect(msrp % 5).toBe(0);
  });

  it('gives every trim of every model a price, higher trims of a line mostly dearer', () => {
    for (const m of MAKES.flatMap((x) => x.models)) {
      expect(m.trimMsrp).toHaveLength(m.trims.length);
      expect(m.trimMsrp.every((p) => p >= 15_000 && p <= 150_000)).toBe(true);
      expect(m.trimMsrp[m.trimMsrp.length - 1]).toBeGreaterThan(m.trimMsrp[0]);
    }
  });

  it('is lower for older model years and higher with options', () => {
    const f150 = model('F150');
    const now = vehicleMsrp(f150, 4, YEAR, YEAR, plain);
    const old = vehicleMsrp(f150, 4, 2014, YEAR, plain);
    expect(old).toBeLessThan(now * 0.8);
    expect(old).toBeGreaterThan(now * 0.65);
    expect(vehicleMsrp(f150, 4, YEAR, YEAR, { ...plain, drive: 'AWD4WD' })).toBeGreaterThan(now);
    expect(vehicleMsrp(f150, 4, YEAR, YEAR, { ...plain, fuel: 'HYB' })).toBeGreaterThan(now);
    expect(vehicleMsrp(f150, 4, YEAR, YEAR, { ...plain, packaged: true })).toBeGreaterThan(now);
  });
});

describe('depreciation', () => {
  const classes: PriceClass[] = ['mainstream', 'truck', 'luxury', 'electric', 'sports', 'commercial'];

  it.each(classes)('%s: steep in the first years, then flatter, never below zero', (cls) => {
    const at = (years: number) => retention(cls, years);
    expect(at(0.25)).toBeLessThan(1);
    for (let y = 1; y < 15; y++) expect(at(y + 1)).toBeLessThan(at(y));
    const firstYears = at(0.25) - at(3.25);
    const laterYears = at(9.25) - at(12.25);
    expect(firstYears).toBeGreaterThan(laterYears);
    expect(at(15)).toBeGreaterThan(0.1);
  });

  it.each([
    ['truck', 0.6, 0.72],
    ['mainstream', 0.58, 0.7],
    ['luxury', 0.36, 0.48],
    ['electric', 0.34, 0.46],
  ] as const)('a five-year-old %s keeps %f to %f of its MSRP', (cls, lo, hi) => {
    expect(retention(cls, 5)).toBeGreaterThanOrEqual(lo);
    expect(retention(cls, 5)).toBeLessThanOrEqual(hi);
  });

  it.each([
    [60_000, 5, 'under'],
    [65_000, 5, 'at'],
    [90_000, 5, 'over'],
    [200_000, 5, 'far over'],
  ])('mileage %i at %i years is %s what the age leads to expect', (miles, years, where) => {
    const f = mileageFactor(miles, years);
    if (where === 'under') expect(f).toBeGreaterThan(1);
    if (where === 'at') expect(f).toBeCloseTo(1, 5);
    if (where === 'over') expect(f).toBeLessThan(1);
    if (where === 'far over') expect(f).toBe(0.7);
  });

  it('counts a model year from mid-way through the year before', () => {
    expect(ageInYears(YEAR, YEAR)).toBe(0.5);
    expect(ageInYears(YEAR + 1, YEAR)).toBe(0.25);
    expect(ageInYears(2014, YEAR)).toBe(12.5);
  });
});

describe('asking prices, deal ratings and payments', () => {
  it.each([
    [23_468.4, 'dealer', 0.1, 23_495],
    [23_468.4, 'dealer', 0.5, 23_500],
    [23_468.4, 'dealer', 0.8, 22_995],
    [23_468.4, 'dealer', 0.95, 23_468],
    [23_468.4, 'private', 0.1, 23_500],
    [23_368.4, 'private', 0.9, 23_250],
    [41_236.6, 'new', 0.1, 41_237],
  ] as const)('%f by a %s seller (style %f) is asked as %i', (value, seller, style, asked) => {
    expect(askingPrice(value, seller, style)).toBe(asked);
  });

  it.each([
    [18_000, 20_000, 'USED', 'GREAT'],
    [19_000, 20_000, 'USED', 'GOOD'],
    [20_000, 20_000, 'USED', 'FAIR'],
    [21_000, 20_000, 'USED', 'FAIR'],
    [22_000, 20_000, 'USED', 'HIGH'],
    [38_500, 40_000, 'NEW', 'GREAT'],
    [39_500, 40_000, 'NEW', 'GOOD'],
    [40_500, 40_000, 'NEW', 'FAIR'],
    [41_500, 40_000, 'NEW', 'HIGH'],
  ] as const)('$%i against a market value of $%i (%s) is a %s price', (price, market, type, rating) => {
    expect(DEAL_RATINGS[dealRating(price, market, type)]).toBe(rating);
  });

  it.each([
    [30_000, 'NEW', 6.5, 3000, 454],
    [30_000, 'USED', 9.5, 3000, 493],
    [15_000, 'CERTIFIED', 7.5, 1500, 233],
  ] as const)('$%i %s: %f %% APR, $%i down, $%i a month over 72 months', (price, type, apr, down, monthly) => {
    expect(payments(price, type)).toEqual({ monthly, termMonths: 72, apr, downPayment: down });
  });

  it('asks more a month for a dearer car', () => {
    for (const type of ['NEW', 'USED'] as const) expect(payments(25_000, type).monthly).toBeLessThan(payments(25_100, type).monthly);
  });
});

describe('the catalogue', () => {
  it('prices a used 2014 F-150 Platinum and a 2019 Lariat within believable bands', () => {
    const platinum = rows('F150', 'Platinum', { type: 'USED', year: 2014 });
    const lariat = rows('F150', 'Lariat', { type: 'USED', year: 2019 });
    expect(platinum.length).toBeGreaterThan(2);
    expect(lariat.length).toBeGreaterThan(2);
    for (const i of platinum) expect([c.price[i] >= 12_000, c.price[i] <= 35_000]).toEqual([true, true]);
    for (const i of lariat) expect([c.price[i] >= 19_000, c.price[i] <= 42_000]).toEqual([true, true]);
  });

  it('is deterministic from its seed', () => {
    const again = buildCatalogue({ listings: 2000, currentYear: YEAR });
    expect(Array.from(again.price)).toEqual(Array.from(c.price.subarray(0, 2000)));
    const other = buildCatalogue({ listings: 2000, currentYear: YEAR, seed: 7 });
    expect(Array.from(other.price)).not.toEqual(Array.from(again.price));
  });

  it('prices newer used cars of the same trim higher on average', () => {
    let checked = 0;
    for (const [code, trim] of [
      ['F150', 'XLT'],
      ['CAMRY', 'LE'],
      ['CIVIC', 'EX'],
      ['RAV4', 'XLE'],
      ['SILVER1500', 'LT'],
      ['CRV', 'EX'],
    ]) {
      const used = rows(code, trim, { type: 'USED' });
      const band = (lo: number, hi: number) => used.filter((i) => YEAR - c.year[i] >= lo && YEAR - c.year[i] <= hi).map((i) => c.price[i]);
      const recent = band(1, 3);
      const middle = band(4, 7);
      const old = band(8, 14);
      if (recent.length < 5 || middle.length < 5 || old.length < 5) continue;
      checked++;
      expect(mean(recent)).toBeGreaterThan(mean(middle));
      expect(mean(middle)).toBeGreaterThan(mean(old));
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('prices lower-mileage cars of the same trim and year higher in most groups', () => {
    const groups = new Map<string, number[]>();
    for (let i = 0; i < c.size; i++) {
      if (LTYPES[c.ltype[i]] !== 'USED') continue;
      const key = `${c.model[i]}:${c.trim[i]}:${c.year[i]}`;
      const g = groups.get(key) ?? [];
      g.push(i);
      groups.set(key, g);
    }
    let agree = 0;
    let total = 0;
    for (const g of groups.values()) {
      if (g.length < 10) continue;
      const byMiles = [...g].sort((a, b) => c.mileage[a] - c.mileage[b]);
      const half = Math.floor(byMiles.length / 2);
      const low = mean(byMiles.slice(0, half).map((i) => c.price[i]));
      const high = mean(byMiles.slice(byMiles.length - half).map((i) => c.price[i]));
      total++;
      if (low > high) agree++;
    }
    expect(total).toBeGreaterThan(20);
    expect(agree / total).toBeGreaterThan(0.75);
  });

  it('does not pile listings up at one price, not even the cheapest', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < c.size; i++) counts.set(c.price[i], (counts.get(c.price[i]) ?? 0) + 1);
    expect(Math.max(...counts.values()) / c.size).toBeLessThan(0.01);
    const sorted = Array.from(c.price).sort((a, b) => a - b);
    expect(sorted[0]).toBeGreaterThanOrEqual(2500);
    expect(counts.get(sorted[0])! / c.size).toBeLessThan(0.001);
    // The cheapest 1 % spread over thousands of dollars, not stacked on a floor.
    const cheapest = sorted.slice(0, Math.ceil(c.size * 0.01));
    expect(cheapest[cheapest.length - 1] - cheapest[0]).toBeGreaterThan(1500);
    expect(cheapest.filter((p) => p <= cheapest[0] + 200).length / c.size).toBeLessThan(0.001);
    const cheapCounts = new Map<number, number>();
    for (const p of cheapest) cheapCounts.set(p, (cheapCounts.get(p) ?? 0) + 1);
    expect(Math.max(...cheapCounts.values()) / cheapest.length).toBeLessThan(0.15);
  });

  it('spreads prices of the same trim and year by condition, mileage and market', () => {
    const groups = new Map<string, number[]>();
    for (let i = 0; i < c.size; i++) {
      if (LTYPES[c.ltype[i]] !== 'USED') continue;
      const key = `${c.model[i]}:${c.trim[i]}:${c.year[i]}`;
      groups.set(key, [...(groups.get(key) ?? []), c.price[i]]);
    }
    const spreads = [...groups.values()]
      .filter((g) => g.length >= 8)
      .map((g) => Math.sqrt(mean(g.map((p) => (p - mean(g)) ** 2))) / mean(g))
      .sort((a, b) => a - b);
    expect(spreads.length).toBeGreaterThan(20);
    const median = spreads[Math.floor(spreads.length / 2)];
    expect(median).toBeGreaterThan(0.06);
    expect(median).toBeLessThan(0.25);
  });

  it('gives new listings their MSRP and a price near it, at most 2 % over', () => {
    let newCount = 0;
    let under = 0;
    for (let i = 0; i < c.size; i++) {
      if (LTYPES[c.ltype[i]] !== 'NEW') continue;
      newCount++;
      const l = listingObject(c, i);
      const { msrp, salePrice, incentive } = l.pricingDetail;
      expect(msrp).toBeGreaterThan(15_000);
      expect(salePrice!).toBeLessThanOrEqual(msrp! * 1.02);
      expect(salePrice!).toBeGreaterThanOrEqual(msrp! * 0.88 - (incentive ?? 0));
      if (salePrice! < msrp!) under++;
    }
    expect(newCount).toBeGreaterThan(1000);
    expect(under / newCount).toBeGreaterThan(0.8);
  });

  it('prices certified cars slightly above uncertified ones of the same trim and year', () => {
    const groups = new Map<string, { cert: number[]; used: number[] }>();
    for (let i = 0; i < c.size; i++) {
      const t = LTYPES[c.ltype[i]];
      if (t !== 'USED' && t !== 'CERTIFIED') continue;
      const key = `${c.model[i]}:${c.trim[i]}:${c.year[i]}`;
      const g = groups.get(key) ?? { cert: [], used: [] };
      // Per MSRP, so options and mileage weigh less than the certification.
      (t === 'CERTIFIED' ? g.cert : g.used).push(c.price[i] / c.msrp[i]);
      groups.set(key, g);
    }
    const ratios = [...groups.values()].filter((g) => g.cert.length >= 3 && g.used.length >= 3).map((g) => mean(g.cert) / mean(g.used));
    expect(ratios.length).toBeGreaterThan(20);
    const avg = mean(ratios);
    expect(avg).toBeGreaterThan(1);
    expect(avg).toBeLessThan(1.15);
  });

  it('rates deals by price against the same trim, year and mileage: a Great deal is cheaper than a High one', () => {
    let pairs = 0;
    let agree = 0;
    const byGroup = new Map<string, number[]>();
    for (let i = 0; i < c.size; i++) {
      if (LTYPES[c.ltype[i]] !== 'USED' || c.price[i] / c.msrp[i] < 0.3) continue;
      const key = `${c.model[i]}:${c.trim[i]}:${c.year[i]}:${c.fuel[i]}:${c.drive[i]}:${c.pkg[i] > 0}`;
      const g = byGroup.get(key) ?? [];
      g.push(i);
      byGroup.set(key, g);
    }
    for (const g of byGroup.values()) {
      for (const a of g) {
        if (DEALS[c.deal[a]] !== 'GREAT') continue;
        for (const b of g) {
          if (DEALS[c.deal[b]] !== 'HIGH' || Math.abs(c.mileage[a] - c.mileage[b]) > 5000) continue;
          pairs++;
          if (c.price[a] < c.price[b]) agree++;
        }
      }
    }
    expect(pairs).toBeGreaterThan(30);
    expect(agree / pairs).toBeGreaterThan(0.95);
  });

  it('rates a believable share of deals Great, Good, Fair and High', () => {
    const share = [0, 0, 0, 0];
    for (let i = 0; i < c.size; i++) share[c.deal[i]] += 1 / c.size;
    const [great, good, fair, high] = share;
    expect(great).toBeGreaterThan(0.05);
    expect(great).toBeLessThan(0.25);
    expect(good).toBeGreaterThan(0.1);
    expect(fair).toBeGreaterThan(0.3);
    expect(high).toBeGreaterThan(0.05);
    expect(high).toBeLessThan(0.3);
  });

  it('computes each listing’s payment from its price', () => {
    for (let i = 0; i < 500; i++) {
      const l = listingObject(c, i);
      expect(l.pricingDetail.payments).toEqual(payments(l.pricingDetail.salePrice!, l.listingType));
    }
  });
});
