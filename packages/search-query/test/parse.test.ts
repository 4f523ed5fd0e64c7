import { parseQuery } from '../src';

describe('parseQuery', () => {
  it('reads list, number and text keys from a query string, with or without ?', () => {
    const q = { makeCode: ['FORD'], minPrice: 5000, zip: '30301' };
    expect(parseQuery('makeCode=FORD&minPrice=5000&zip=30301')).toEqual(q);
    expect(parseQuery('?makeCode=FORD&minPrice=5000&zip=30301')).toEqual(q);
    expect(parseQuery('')).toEqual({});
    expect(parseQuery('?')).toEqual({});
  });

  it('accepts repeated and comma-joined list values, mixed, de-duplicated, order kept', () => {
    expect(parseQuery('makeCode=FORD,HONDA&makeCode=BMW&makeCode=FORD')).toEqual({ makeCode: ['FORD', 'HONDA', 'BMW'] });
    expect(parseQuery('makeCode=FORD&makeCode=HONDA')).toEqual(parseQuery('makeCode=FORD,HONDA'));
    expect(parseQuery('makeCode=FORD%2CHONDA')).toEqual({ makeCode: ['FORD', 'HONDA'] });
    expect(parseQuery('makeCode=,,FORD,,%20,HONDA,')).toEqual({ makeCode: ['FORD', 'HONDA'] });
    expect(parseQuery('makeCode=&makeCode=,')).toEqual({});
  });

  it('keeps only whole non-negative numbers', () => {
    expect(parseQuery('minPrice=0&maxPrice=007&mileage=50000')).toEqual({ minPrice: 0, maxPrice: 7, mileage: 50000 });
    for (const bad of ['-1', '1.5', '1e3', '+5', '0x10', 'abc', '', ' ', 'NaN', 'Infinity', '1 000', '١٢٣', '1234567890123456']) {
      expect(parseQuery({ startYear: bad })).toEqual({});
    }
    expect(parseQuery('searchRadius=%2050%20')).toEqual({ searchRadius: 50 });
  });

  it('ignores unknown keys, wrong-case keys and empty values', () => {
    expect(parseQuery('bogus=1&MAKECODE=FORD&makecode=FORD&zip=&sortBy=%20&__proto__=x&constructor=y')).toEqual({});
    expect(Object.getPrototypeOf(parseQuery('__proto__=x'))).toBe(Object.prototype);
  });

  it('lets the first usable value of a repeated single-value key win', () => {
    expect(parseQuery('zip=30301&zip=10001')).toEqual({ zip: '30301' });
    expect(parseQuery('zip=&zip=10001')).toEqual({ zip: '10001' });
    expect(parseQuery('minPrice=x&minPrice=10&minPrice=20')).toEqual({ minPrice: 10 });
  });

  it('merges makeCode1..3 and modelCode1..3 after the plain lists, in number order', () => {
    expect(parseQuery('makeCode2=TOYOTA&makeCode=BMW&makeCode1=FORD&modelCode1=F150&modelCode=X5')).toEqual({
      makeCode: ['BMW', 'FORD', 'TOYOTA'],
      modelCode: ['X5', 'F150'],
    });
    expect(parseQuery('makeCode1=FORD&makeCode3=HONDA,KIA&makeCode=FORD')).toEqual({ makeCode: ['FORD', 'HONDA', 'KIA'] });
    expect(parseQuery('makeCode4=FORD&makeCode0=BMW&modelCode12=X')).toEqual({});
    expect(parseQuery('makeCode1=&modelCode2=')).toEqual({});
  });

  it('decodes + and percent-encoding; tolerates malformed percent-encoding', () => {
    expect(parseQuery('keywordPhrases=heated+seats')).toEqual({ keywordPhrases: 'heated seats' });
    expect(parseQuery('keywordPhrases=heated%20seats%2C%20sunroof')).toEqual({ keywordPhrases: 'heated seats, sunroof' });
    expect(() => parseQuery('keywordPhrases=%E0%A4%A&zip=%')).not.toThrow();
    expect(parseQuery('zip=%')).toEqual({ zip: '%' });
  });

  it('trims text and cuts it at 200 characters', () => {
    expect(parseQuery({ city: '  Atlanta ' })).toEqual({ city: 'Atlanta' });
    expect(parseQuery({ keywordPhrases: 'x'.repeat(500) }).keywordPhrases).toHaveLength(200);
    expect(parseQuery({ makeCode: 'x'.repeat(101) })).toEqual({});
  });

  it('accepts URLSearchParams and objects (arrays, numbers, undefined, null)', () => {
    expect(
      parseQuery(
        new URLSearchParams([
          ['makeCode', 'A'],
          ['makeCode', 'B,C'],
          ['sortBy', 'yearDESC'],
        ]),
      ),
    ).toEqual({
      makeCode: ['A', 'B', 'C'],
      sortBy: 'yearDESC',
    });
    expect(parseQuery({ makeCode: ['A', 'B'], numRecords: '24', zip: undefined, city: null, firstRecord: 30 })).toEqual({
      makeCode: ['A', 'B'],
      numRecords: 24,
      firstRecord: 30,
    });
    expect(parseQuery({ makeCode1: ['FORD', 'KIA'] })).toEqual({ makeCode: ['FORD', 'KIA'] });
  });

  it('never throws on hostile input', () => {
    const throwing = Object.defineProperty({}, 'zip', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(parseQuery(throwing as never)).toEqual({});
    expect(parseQuery(null as never)).toEqual({});
    expect(parseQuery(undefined as never)).toEqual({});
    expect(parseQuery(42 as never)).toEqual({});
    expect(parseQuery({ zip: { toString: () => '30301' } } as never)).toEqual({});
    expect(() => parseQuery({ keywordPhrases: '\uD800abc' })).not.toThrow();
    expect(parseQuery({ keywordPhrases: '\uD800abc' }).keywordPhrases).toBe('\uFFFDabc');
  });
});
