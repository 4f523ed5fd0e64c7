import { isNormalised, normaliseLocation, normalisedSearch, normalisedUrl } from '../src';
import { atc, kbb } from './helpers';

describe('isNormalised / normalisedUrl', () => {
  it('says whether the query string is exactly the normalised one', () => {
    expect(isNormalised('zip=30301&listingType=USED', atc)).toBe(true);
    expect(isNormalised('?zip=30301&listingType=USED', atc)).toBe(true);
    expect(isNormalised('zip=30301', atc)).toBe(false); // the brand default is written
    expect(isNormalised('zip=30301', kbb)).toBe(true);
    expect(isNormalised('', kbb)).toBe(true);
    expect(isNormalised('listingType=USED&zip=30301', atc)).toBe(false); // order
    expect(isNormalised('zip=30301&listingType=USED&sortBy=relevance', atc)).toBe(false); // default
    expect(isNormalised('makeCode=FORD&makeCode=BMW', kbb)).toBe(false); // repeated form
    expect(isNormalised('makeCode=FORD,BMW', kbb)).toBe(true);
    expect(isNormalised('keywordPhrases=a+b', kbb)).toBe(false);
    expect(isNormalised('keywordPhrases=a%20b', kbb)).toBe(true);
    expect(isNormalised('bogus=1', kbb)).toBe(false);
  });

  it('gives the URL to redirect to (301), keeping the path', () => {
    expect(normalisedUrl('/cars-for-sale', '?zip=303011234&makeCode=ford', kbb)).toBe('/cars-for-sale?zip=30301&makeCode=FORD');
    expect(normalisedUrl('/cars-for-sale', '?bogus=1', kbb)).toBe('/cars-for-sale');
    expect(normalisedUrl('/cars-for-sale', '', atc)).toBe('/cars-for-sale?listingType=USED');
  });

  it('counts path values for the rules but leaves them out of the query string', () => {
    const loc = normaliseLocation('/cars-for-sale/all/ford/f150', '?trimCode=XLT&makeCode=FORD&zip=30301', kbb);
    expect(loc.query).toEqual({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT'], zip: '30301' });
    expect(loc.search).toBe('zip=30301&trimCode=XLT');
    expect(loc.url).toBe('/cars-for-sale/all/ford/f150?zip=30301&trimCode=XLT');
    expect(loc.normalised).toBe(false);
    expect(isNormalised(loc.search, kbb, '/cars-for-sale/all/ford/f150')).toBe(true);
    // without the path, the trim has no make and is dropped
    expect(normalisedSearch('trimCode=XLT', kbb)).toBe('');
  });

  it('lets the path apply when the query-string value of the same key is dropped as invalid', () => {
    const loc = normaliseLocation('/cars-for-sale/all/ford/f150', 'makeCode=' + 'ß'.repeat(60) + '&zip=30301', kbb);
    expect(loc.query).toEqual({ makeCode: ['FORD'], modelCode: ['F150'], zip: '30301' });
    expect(loc.url).toBe('/cars-for-sale/all/ford/f150?zip=30301');
    expect(normaliseLocation('/cars-for-sale/all/ford/f150', loc.search, kbb)).toEqual({ ...loc, normalised: true });
  });

  it('lets a query-string value win over the path value of the same key', () => {
    const loc = normaliseLocation('/cars-for-sale/all/truck/ford', 'makeCode=HONDA', kbb);
    expect(loc.query).toEqual({ vehicleStyleCode: ['TRUCKS'], makeCode: ['HONDA'] });
    expect(loc.search).toBe('makeCode=HONDA');
    expect(loc.normalised).toBe(true);
  });
});
