import { sameNarrowing } from '../src';

describe('sameNarrowing', () => {
  const base = { zip: '30301', makeCode: ['FORD', 'HONDA'], maxPrice: 30000, sortBy: 'relevance', firstRecord: 0 };

  it('holds for a new sort, page or page size', () => {
    expect(sameNarrowing(base, { ...base, sortBy: 'derivedpriceASC' })).toBe(true);
    expect(sameNarrowing(base, { ...base, firstRecord: 24, numRecords: 30 })).toBe(true);
    expect(sameNarrowing(base, { ...base, makeCode: ['FORD', 'HONDA'] })).toBe(true);
  });

  it('fails for any change that narrows the search otherwise', () => {
    expect(sameNarrowing(base, { ...base, makeCode: ['FORD'] })).toBe(false);
    expect(sameNarrowing(base, { ...base, makeCode: ['HONDA', 'FORD'] })).toBe(false);
    expect(sameNarrowing(base, { ...base, maxPrice: 25000 })).toBe(false);
    expect(sameNarrowing(base, { ...base, zip: undefined })).toBe(false);
    expect(sameNarrowing(base, { ...base, listingType: ['USED'] })).toBe(false);
    expect(sameNarrowing({ ...base, keywordPhrases: 'tow' }, base)).toBe(false);
  });
});
