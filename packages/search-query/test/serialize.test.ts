import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS } from '@cfs/contracts';
import type { SearchQuery } from '@cfs/contracts';
import { KEY_ORDER, normaliseQuery, parseQuery, serializeQuery } from '../src';
import { atc, kbb } from './helpers';

describe('KEY_ORDER', () => {
  it('places every search key of the contracts exactly once', () => {
    const all = [...LIST_KEYS, ...NUMBER_KEYS, ...STRING_KEYS];
    expect([...KEY_ORDER].sort()).toEqual([...all].sort());
    expect(new Set(KEY_ORDER).size).toBe(KEY_ORDER.length);
  });

  it('starts with location and ends with sort and paging', () => {
    expect(KEY_ORDER.slice(0, 2)).toEqual(['zip', 'searchRadius']);
    expect(KEY_ORDER.slice(-3)).toEqual(['sortBy', 'firstRecord', 'numRecords']);
  });
});

describe('serializeQuery', () => {
  it('writes keys in KEY_ORDER whatever the object order', () => {
    const q: SearchQuery = { numRecords: 25, sortBy: 'yearDESC', makeCode: ['FORD'], zip: '30301', listingType: ['USED'] };
    const reversed = Object.fromEntries(Object.entries(q).reverse()) as SearchQuery;
    expect(serializeQuery(q)).toBe('zip=30301&listingType=USED&makeCode=FORD&sortBy=yearDESC&numRecords=25');
    expect(serializeQuery(reversed)).toBe(serializeQuery(q));
  });

  it('comma-joins lists and omits empty values', () => {
    expect(serializeQuery({ makeCode: ['FORD', 'BMW'], modelCode: [], zip: '', city: '  ' })).toBe('makeCode=FORD,BMW');
    expect(serializeQuery({})).toBe('');
  });

  it('omits the defaults sortBy=relevance and firstRecord=0, keeps other values', () => {
    expect(serializeQuery({ sortBy: 'relevance', firstRecord: 0 })).toBe('');
    expect(serializeQuery({ sortBy: 'derivedpriceDESC', firstRecord: 30, searchRadius: 0 })).toBe(
      'searchRadius=0&sortBy=derivedpriceDESC&firstRecord=30',
    );
  });

  it('URL-encodes values (spaces as %20, commas inside text as %2C)', () => {
    expect(serializeQuery({ keywordPhrases: 'heated seats, sunroof & more', city: 'Coeur d’Alene' })).toBe(
      'city=Coeur%20d%E2%80%99Alene&keywordPhrases=heated%20seats%2C%20sunroof%20%26%20more',
    );
    expect(serializeQuery({ trimCode: ['F150PICKUP|XLT'], makeCode: ['A+B'] })).toBe('makeCode=A%2BB&trimCode=F150PICKUP%7CXLT');
  });

  it('round-trips through parseQuery', () => {
    const q: SearchQuery = {
      zip: '30301',
      makeCode: ['FORD', 'A+B', 'X Y'],
      keywordPhrases: 'a,b & c=d',
      minPrice: 5000,
      sortBy: 'yearASC',
      firstRecord: 30,
    };
    expect(parseQuery(serializeQuery(q))).toEqual(q);
  });

  it('skips what parseQuery could not read back, and never throws', () => {
    const bad = {
      zip: 30301,
      minPrice: -1,
      maxPrice: 1.5,
      startYear: NaN,
      makeCode: 'FORD',
      modelCode: [1, null],
      bogus: 'x',
      city: '\uDC00',
    };
    expect(serializeQuery(bad as unknown as SearchQuery)).toBe('zip=30301&city=%EF%BF%BD&makeCode=FORD&modelCode=1');
    expect(serializeQuery(null as never)).toBe('');
  });
});

describe('the normalised form is a fixed point', () => {
  const cases = [
    '',
    'makeCode2=bmw&zip=303019&searchRadius=250&sortBy=yearDESC&makeCode=ford',
    'sortBy=relevance&firstRecord=0&numRecords=24',
    'modelCode=F150&trimCode=XLT',
    'keywordPhrases=a+b%2Cc&city=%20Atlanta%20&state=GA',
    'minPrice=9000&maxPrice=5000&startYear=2024&endYear=2019',
    'excludedListingId=' + Array.from({ length: 30 }, (_, i) => i).join(','),
  ];
  it.each(cases)('%s', (s) => {
    for (const ctx of [atc, kbb]) {
      const once = serializeQuery(normaliseQuery(parseQuery(s), ctx));
      expect(serializeQuery(normaliseQuery(parseQuery(once), ctx))).toBe(once);
    }
  });

  it('gives the expected canonical string', () => {
    const s = serializeQuery(normaliseQuery(parseQuery('makeCode2=bmw&zip=303019&searchRadius=250&sortBy=yearDESC&makeCode=ford'), atc));
    expect(s).toBe('zip=30301&searchRadius=100&listingType=USED&makeCode=FORD,BMW&sortBy=yearDESC');
  });
});
