import { LIMITS } from '@cfs/contracts';
import type { SearchQuery } from '@cfs/contracts';
import { normaliseQuery, parseQuery } from '../src';
import { atc, ford, kbb, magazine, YEAR } from './helpers';

const n = (q: SearchQuery, ctx = kbb) => normaliseQuery(q, ctx);

describe('normaliseQuery: location', () => {
  it('keeps the first 5 characters of a ZIP when they are 5 digits, else drops the ZIP', () => {
    expect(n({ zip: '30301' }).zip).toBe('30301');
    expect(n({ zip: '30301-1234' }).zip).toBe('30301');
    expect(n({ zip: '303019999' }).zip).toBe('30301');
    expect(n({ zip: '3030' }).zip).toBeUndefined();
    expect(n({ zip: '3030a1' }).zip).toBeUndefined();
    expect(n({ zip: 'abcde' }).zip).toBeUndefined();
    expect(n({ zip: ' 30301' }).zip).toBe('30301'); // text is trimmed first
    expect(n({ zip: '３０３０１' }).zip).toBeUndefined(); // full-width digits are not digits
    expect(n({ zip: '' }).zip).toBeUndefined();
  });

  it('keeps a radius below 100, turns anything else into 100, keeps 0 (nationwide)', () => {
    expect(n({ searchRadius: 0 }).searchRadius).toBe(0);
    expect(n({ searchRadius: 1 }).searchRadius).toBe(1);
    expect(n({ searchRadius: 99 }).searchRadius).toBe(99);
    expect(n({ searchRadius: 100 }).searchRadius).toBe(100);
    expect(n({ searchRadius: 101 }).searchRadius).toBe(100);
    expect(n({ searchRadius: 500000 }).searchRadius).toBe(LIMITS.searchRadiusCap);
    expect(n({ searchRadius: -5 }).searchRadius).toBeUndefined();
    expect(n({ searchRadius: 12.5 }).searchRadius).toBeUndefined();
    expect(n({ searchRadius: NaN }).searchRadius).toBeUndefined();
  });
});

describe('normaliseQuery: request context', () => {
  it('keeps excluded listing ids only when there are 1 to 25 of them', () => {
    const ids = (k: number) => Array.from({ length: k }, (_, i) => `L${i}`);
    expect(n({ excludedListingId: ids(1) }).excludedListingId).toEqual(ids(1));
    expect(n({ excludedListingId: ids(25) }).excludedListingId).toEqual(ids(25));
    expect(n({ excludedListingId: ids(26) }).excludedListingId).toBeUndefined();
    expect(n({ excludedListingId: [] }).excludedListingId).toBeUndefined();
    // duplicates do not count twice
    expect(n({ excludedListingId: [...ids(25), 'L0'] }).excludedListingId).toEqual(ids(25));
  });

  it('drops a sortBy that is not a sort value, and relevance (it is implied)', () => {
    expect(n({ sortBy: 'mileageASC' }).sortBy).toBe('mileageASC');
    expect(n({ sortBy: 'derivedpriceDESC' }).sortBy).toBe('derivedpriceDESC');
    expect(n({ sortBy: 'relevance' }).sortBy).toBeUndefined();
    expect(n({ sortBy: 'cheapest' }).sortBy).toBeUndefined();
    expect(n({ sortBy: 'MILEAGEASC' }).sortBy).toBeUndefined();
    expect(n({ sortBy: 'mileageASC ' }).sortBy).toBe('mileageASC');
  });

  it('keeps only a known experience', () => {
    for (const e of ['commercial', 'best-deals', 'buy-online', 'hyundai-buy-online']) expect(n({ experience: e }).experience).toBe(e);
    expect(n({ experience: 'teleport' }).experience).toBeUndefined();
    expect(n({ experience: 'Commercial' }).experience).toBeUndefined();
  });

  it('keeps firstRecord >= 0 (0, the default, is left out) and numRecords within 1..100', () => {
    expect(n({ firstRecord: 0 }).firstRecord).toBeUndefined();
    expect(n({ firstRecord: 60 }).firstRecord).toBe(60);
    expect(n({ firstRecord: -1 }).firstRecord).toBeUndefined();
    expect(n({ numRecords: 0 }).numRecords).toBeUndefined();
    expect(n({ numRecords: 1 }).numRecords).toBe(1);
    expect(n({ numRecords: 100 }).numRecords).toBe(100);
    expect(n({ numRecords: 101 }).numRecords).toBe(100);
  });
});

describe('normaliseQuery: listing type', () => {
  it('keeps only LISTING_TYPES (case folded, de-duplicated)', () => {
    expect(n({ listingType: ['new', 'BOGUS', 'NEW', '3p_cert'] }).listingType).toEqual(['NEW', '3P_CERT']);
    expect(n({ listingType: ['BOGUS'] }).listingType).toBeUndefined();
  });

  it('defaults to USED for the main and magazine brands only, when none is given', () => {
    expect(n({}, atc).listingType).toEqual(['USED']);
    expect(n({}, magazine).listingType).toEqual(['USED']);
    expect(n({ listingType: ['BOGUS'] }, atc).listingType).toEqual(['USED']);
    expect(n({ listingType: ['NEW'] }, atc).listingType).toEqual(['NEW']);
    expect(n({}, kbb).listingType).toBeUndefined();
    expect(n({}, ford).listingType).toBeUndefined();
  });
});

describe('normaliseQuery: make, model, trim', () => {
  it('upper-cases make codes, de-duplicates and keeps at most 5', () => {
    expect(n({ makeCode: ['ford', 'FORD', 'Honda'] }).makeCode).toEqual(['FORD', 'HONDA']);
    expect(n({ makeCode: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }).makeCode).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(n({ makeCode: ['a', 'b', 'c', 'd', 'e', 'f'] }).makeCode).toHaveLength(LIMITS.makeLimit);
    // upper-casing can lengthen a code past the item limit: it is dropped at once, not on a second pass
    const long = { makeCode: ['ß'.repeat(60), 'KIA'], modelCode: ['ß'.repeat(60)] };
    expect(n(long)).toEqual({ makeCode: ['KIA'] });
    expect(n(n(long))).toEqual(n(long));
  });

  it('drops model, trim, series and packages when no make is selected', () => {
    expect(n({ modelCode: ['F150'], trimCode: ['XLT'], seriesCode: ['S'], packages: ['P'], zip: '30301' })).toEqual({ zip: '30301' });
    expect(n({ makeCode: [], modelCode: ['F150'] })).toEqual({});
    expect(n({ makeCode: ['FORD'], seriesCode: ['S'], packages: ['P'] })).toEqual({
      makeCode: ['FORD'],
      seriesCode: ['S'],
      packages: ['P'],
    });
  });

  it('drops a trim without a model', () => {
    expect(n({ makeCode: ['FORD'], trimCode: ['XLT'] })).toEqual({ makeCode: ['FORD'] });
  });

  it('keeps a trim only if it belongs to the make and model', () => {
    const trimBelongs = jest.fn((make: string, model: string, trim: string) => make === 'FORD' && model === 'F150' && trim === 'XLT');
    const ctx = { ...kbb, trimBelongs };
    expect(n({ makeCode: ['ford'], modelCode: ['f150'], trimCode: ['XLT', 'LX'] }, ctx).trimCode).toEqual(['XLT']);
    expect(trimBelongs).toHaveBeenCalledWith('FORD', 'F150', 'XLT');
    expect(n({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['LX'] }, ctx).trimCode).toBeUndefined();
    expect(n({ makeCode: ['HONDA'], modelCode: ['F150'], trimCode: ['XLT'] }, ctx).trimCode).toBeUndefined();
    // several makes or models: a trim that belongs to any selected pair stays
    expect(n({ makeCode: ['HONDA', 'FORD'], modelCode: ['CIVIC', 'F150'], trimCode: ['XLT', 'EX'] }, ctx).trimCode).toEqual(['XLT']);
  });

  it('keeps trims when no lookup is given, or when the lookup throws', () => {
    expect(n({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['ANY'] }).trimCode).toEqual(['ANY']);
    const trimBelongs = () => {
      throw new Error('reference data down');
    };
    expect(n({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT'] }, { ...kbb, trimBelongs }).trimCode).toEqual(['XLT']);
  });
});

describe('normaliseQuery: price and year ranges', () => {
  it('drops a max (or min) of 0', () => {
    expect(n({ maxPrice: 0 })).toEqual({});
    expect(n({ minPrice: 0, maxPrice: 20000 })).toEqual({ maxPrice: 20000 });
  });

  it('drops both prices when min is above max; keeps min equal to max', () => {
    expect(n({ minPrice: 9000, maxPrice: 5000 })).toEqual({});
    expect(n({ minPrice: 5000, maxPrice: 9000 })).toEqual({ minPrice: 5000, maxPrice: 9000 });
    expect(n({ minPrice: 5000, maxPrice: 5000 })).toEqual({ minPrice: 5000, maxPrice: 5000 });
    expect(n({ minPrice: 9000 })).toEqual({ minPrice: 9000 });
  });

  it('swaps reversed years and drops implausible ones (0 is Any)', () => {
    expect(n({ startYear: 2022, endYear: 2018 })).toEqual({ startYear: 2018, endYear: 2022 });
    expect(n({ startYear: 2018, endYear: 2018 })).toEqual({ startYear: 2018, endYear: 2018 });
    expect(n({ startYear: 0, endYear: 2020 })).toEqual({ endYear: 2020 });
    expect(n({ startYear: 1899 })).toEqual({});
    expect(n({ endYear: YEAR + 2 })).toEqual({ endYear: YEAR + 2 });
    expect(n({ endYear: YEAR + 3 })).toEqual({});
    expect(normaliseQuery({ startYear: 3000 }, { brand: 'kbb', currentYear: NaN })).toEqual({ startYear: 3000 });
  });
});

describe('normaliseQuery: shape', () => {
  it('drops unknown keys and values of the wrong type, and coerces what it can', () => {
    const raw = { bogus: 1, makeCode: 'ford,honda', zip: 30301, minPrice: '5000', maxPrice: 'x', city: ['A'] } as unknown as SearchQuery;
    expect(n(raw)).toEqual({ makeCode: ['FORD', 'HONDA'], zip: '30301', minPrice: 5000 });
  });

  it('splits list values that carry commas, so the URL can hold them', () => {
    expect(n({ makeCode: ['FORD,KIA'] }).makeCode).toEqual(['FORD', 'KIA']);
  });

  it('does not change its input', () => {
    const q: SearchQuery = { makeCode: ['ford'], zip: '30301-1', listingType: ['new'] };
    const copy = structuredClone(q);
    n(q, atc);
    expect(q).toEqual(copy);
  });

  it('never throws on a bad query or context', () => {
    expect(normaliseQuery(null as never, atc)).toEqual({ listingType: ['USED'] });
    expect(normaliseQuery('zip=30301' as never, kbb)).toEqual({});
    expect(normaliseQuery({ zip: '30301' }, undefined as never)).toEqual({ zip: '30301' });
    expect(normaliseQuery({ startYear: 2020 }, {} as never)).toEqual({ startYear: 2020 });
  });

  it('is idempotent on a busy query', () => {
    const q = parseQuery(
      'makeCode=ford,bmw,kia,audi,vw,gmc&modelCode=f150&trimCode=XLT&zip=30301-9&searchRadius=250&minPrice=9&maxPrice=5' +
        '&startYear=2024&endYear=2019&listingType=new,used,3p_cert&sortBy=nope&experience=commercial&numRecords=500&firstRecord=0',
    );
    const once = normaliseQuery(q, atc);
    expect(normaliseQuery(once, atc)).toEqual(once);
    expect(once).toEqual({
      makeCode: ['FORD', 'BMW', 'KIA', 'AUDI', 'VW'],
      modelCode: ['F150'],
      trimCode: ['XLT'],
      zip: '30301',
      searchRadius: 100,
      startYear: 2019,
      endYear: 2024,
      listingType: ['NEW', 'USED', '3P_CERT'],
      experience: 'commercial',
      numRecords: 100,
    });
  });
});
