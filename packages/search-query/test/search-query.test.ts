import { MESSAGES } from '@cfs/contracts';
import {
  breadcrumbs,
  defaultSort,
  displayTitle,
  excludedIdsParam,
  formatPrice,
  isNormalised,
  mileageStatValid,
  newCarYears,
  normaliseQuery,
  normalisedSearch,
  pageType,
  parseQuery,
  queryFromPath,
  roundDistance,
  serializeQuery,
  validatePrice,
  validZip,
} from '../src';

const kbb = { brand: 'kbb' as const, currentYear: 2026 };
const atc = { brand: 'atc' as const, currentYear: 2026 };

describe('parseQuery', () => {
  it('reads repeated and comma-joined lists, numbers and strings; ignores unknown keys', () => {
    expect(parseQuery('makeCode=FORD,HONDA&makeCode=FORD&zip=30301&minPrice=5000&bogus=1&mileage=-4&startYear=20x')).toEqual({
      makeCode: ['FORD', 'HONDA'],
      zip: '30301',
      minPrice: 5000,
    });
  });
  it('merges makeCode1..3 and modelCode1..3 into lists', () => {
    expect(parseQuery('makeCode=BMW&makeCode1=FORD&makeCode2=TOYOTA&modelCode1=F150')).toEqual({
      makeCode: ['BMW', 'FORD', 'TOYOTA'],
      modelCode: ['F150'],
    });
  });
  it('accepts objects and URLSearchParams', () => {
    expect(parseQuery({ makeCode: ['A', 'B'], numRecords: '24' })).toEqual({ makeCode: ['A', 'B'], numRecords: 24 });
    expect(parseQuery(new URLSearchParams('sortBy=yearDESC'))).toEqual({ sortBy: 'yearDESC' });
  });
});

describe('validation rules', () => {
  it('keeps the first 5 characters of a ZIP when they are 5 digits, else drops it', () => {
    expect(normaliseQuery({ zip: '30301-1234' }, kbb).zip).toBe('30301');
    expect(normaliseQuery({ zip: '3030' }, kbb).zip).toBeUndefined();
    expect(normaliseQuery({ zip: 'abcde' }, kbb).zip).toBeUndefined();
    expect(validZip('30301')).toBe(true);
    expect(validZip('303011')).toBe(false);
  });
  it('keeps a radius below 100, caps anything else at 100, and keeps 0 (nationwide)', () => {
    expect(normaliseQuery({ searchRadius: 50 }, kbb).searchRadius).toBe(50);
    expect(normaliseQuery({ searchRadius: 100 }, kbb).searchRadius).toBe(100);
    expect(normaliseQuery({ searchRadius: 500 }, kbb).searchRadius).toBe(100);
    expect(normaliseQuery({ searchRadius: 0 }, kbb).searchRadius).toBe(0);
  });
  it('sends excluded ids only with 1 to 25 of them', () => {
    expect(excludedIdsParam([])).toBeUndefined();
    expect(excludedIdsParam(['a'])).toEqual(['a']);
    const many = Array.from({ length: 26 }, (_, i) => `id${i}`);
    expect(excludedIdsParam(many)).toBeUndefined();
    expect(normaliseQuery({ excludedListingId: many }, kbb).excludedListingId).toBeUndefined();
  });
  it('defaults the listing type to USED for the main and magazine brands only', () => {
    expect(normaliseQuery({}, atc).listingType).toEqual(['USED']);
    expect(normaliseQuery({}, { ...atc, brand: 'magazine' }).listingType).toEqual(['USED']);
    expect(normaliseQuery({}, kbb).listingType).toBeUndefined();
    expect(normaliseQuery({ listingType: ['new', 'BOGUS'] }, atc).listingType).toEqual(['NEW']);
  });
  it('drops model, trim, series and packages without a make, and caps makes at 5', () => {
    expect(normaliseQuery({ modelCode: ['F150'], trimCode: ['XLT'] }, kbb)).toEqual({});
    expect(normaliseQuery({ makeCode: ['a', 'b', 'c', 'd', 'e', 'f'] }, kbb).makeCode).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
  it('keeps a trim only if it belongs to the make and model', () => {
    const trimBelongs = (make: string, model: string, trim: string) => make === 'FORD' && model === 'F150' && trim === 'XLT';
    expect(normaliseQuery({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT', 'LX'] }, { ...kbb, trimBelongs }).trimCode).toEqual(['XLT']);
    expect(normaliseQuery({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['LX'] }, { ...kbb, trimBelongs }).trimCode).toBeUndefined();
  });
  it('drops unknown sorts and experiences; gives both readings of the default sort', () => {
    expect(normaliseQuery({ sortBy: 'cheapest' }, kbb).sortBy).toBeUndefined();
    expect(normaliseQuery({ sortBy: 'mileageASC' }, kbb).sortBy).toBe('mileageASC');
    expect(normaliseQuery({ experience: 'teleport' }, kbb).experience).toBeUndefined();
    expect(defaultSort('state')).toBe('relevance');
    expect(defaultSort('optionFile')).toBe('derivedpriceDESC');
  });
  it('swaps reversed years and drops a min price above the max', () => {
    expect(normaliseQuery({ startYear: 2022, endYear: 2018 }, kbb)).toMatchObject({ startYear: 2018, endYear: 2022 });
    expect(normaliseQuery({ minPrice: 9000, maxPrice: 5000 }, kbb)).toEqual({});
  });
  it('limits NEW years to 4 starting two years back, with Any = 0', () => {
    expect(newCarYears(2026)).toEqual([
      { label: 'Any', value: 0 },
      { label: '2024', value: 2024 },
      { label: '2025', value: 2025 },
      { label: '2026', value: 2026 },
      { label: '2027', value: 2027 },
    ]);
  });
  it('cuts titles at " w/", rounds distance to 2 decimals, ignores implausible mileage stats', () => {
    expect(displayTitle('2020 Ford F-150 XLT w/ Tow Package')).toBe('2020 Ford F-150 XLT');
    expect(displayTitle('2020 Honda Civic')).toBe('2020 Honda Civic');
    expect(roundDistance(12.3456)).toBe(12.35);
    expect(roundDistance(1.005)).toBe(1.01);
    expect(mileageStatValid(0)).toBe(false);
    expect(mileageStatValid(250001)).toBe(false);
    expect(mileageStatValid(250000)).toBe(true);
  });
  it('validates prices with the spec messages', () => {
    expect(validatePrice('$5,000', '$5,000')).toBe(MESSAGES.priceSame);
    expect(validatePrice('9000', '5000')).toBe(MESSAGES.priceMaxGreater);
    expect(validatePrice(undefined, '0')).toBe(MESSAGES.priceMaxPositive);
    expect(validatePrice('05000', undefined)).toBe('invalid');
    expect(validatePrice('5000.50', undefined)).toBe('invalid');
    expect(validatePrice('12345678901', undefined)).toBe('invalid');
    expect(validatePrice('$1,000', '25000')).toBeNull();
    expect(formatPrice(12345)).toBe('$12,345');
  });
});

describe('serialisation and the normalised form', () => {
  it('writes keys in one order, joins lists, omits defaults', () => {
    expect(serializeQuery({ sortBy: 'relevance', makeCode: ['FORD', 'BMW'], zip: '30301', firstRecord: 0 })).toBe('zip=30301&makeCode=FORD,BMW');
  });
  it('is a fixed point: the normalised string normalises to itself', () => {
    const once = normalisedSearch('makeCode2=bmw&zip=303019&searchRadius=250&sortBy=yearDESC&makeCode=ford', atc);
    expect(once).toBe('zip=30301&searchRadius=100&listingType=USED&makeCode=FORD,BMW&sortBy=yearDESC');
    expect(normalisedSearch(once, atc)).toBe(once);
    expect(isNormalised(once, atc)).toBe(true);
    expect(isNormalised('zip=30301', atc)).toBe(false);
  });
  it('never throws and stays idempotent on garbage input', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'abcmakeCodezip=&,%25%E0%A4%A?#+ 0123456789sortByrelevance';
    for (let i = 0; i < 500; i++) {
      const s = Array.from({ length: Math.floor(rnd() * 60) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      const once = normalisedSearch(s, atc);
      expect(normalisedSearch(once, atc)).toBe(once);
      const q = normaliseQuery(parseQuery(s), atc);
      expect(normaliseQuery(q, atc)).toEqual(q);
    }
  });
});

describe('paths, page types and breadcrumbs', () => {
  it('reads make/model and body style/make paths', () => {
    expect(queryFromPath('/cars-for-sale/all/ford/f150')).toEqual({ makeCode: ['FORD'], modelCode: ['F150'] });
    expect(queryFromPath('/cars-for-sale/all/truck/ford')).toEqual({ vehicleStyleCode: ['TRUCKS'], makeCode: ['FORD'] });
    expect(queryFromPath('/cars-for-sale/all/suv-crossover/ford')).toEqual({ vehicleStyleCode: ['SUVCROSS'], makeCode: ['FORD'] });
    expect(queryFromPath('/cars-for-sale')).toEqual({});
    expect(queryFromPath('/cars-for-sale/all/%E0%A4%A')).toEqual({});
  });
  it('derives the page type from the parameters present', () => {
    expect(pageType({ makeCode: ['FORD'] })).toBe('make');
    expect(pageType({ makeCode: ['FORD'], modelCode: ['F150'] })).toBe('make-model');
    expect(pageType({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT'] })).toBe('make-model-trim');
    expect(pageType({ makeCode: ['FORD'], modelCode: ['F150'], startYear: 2020, endYear: 2020 })).toBe('year-make-model');
    expect(pageType({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT'], startYear: 2020, endYear: 2020 })).toBe('year-make-model-trim');
    expect(pageType({ vehicleStyleCode: ['SEDAN'] })).toBe('bodystyle');
    expect(pageType({ fuelTypeGroup: ['ELE'] })).toBe('fuel');
    expect(pageType({})).toBe('all');
  });
  it('orders breadcrumbs as the spec says and treats 3P_CERT as used', () => {
    const crumbs = breadcrumbs(
      { zip: '30301', listingType: ['3P_CERT'], vehicleStyleCode: ['TRUCKS'], makeCode: ['FORD'], modelCode: ['F150'], startYear: 2020, endYear: 2020, maxPrice: 30000, fuelTypeGroup: ['GSL'] },
      { make: 'Ford', model: 'F-150', style: 'Truck' },
    );
    expect(crumbs.map((c) => c.key)).toEqual(['home', 'page', 'location', 'condition', 'style', 'make', 'model', 'year', 'price', 'fuel']);
    expect(crumbs.find((c) => c.key === 'condition')).toMatchObject({ label: 'Used', href: '/cars-for-sale?zip=30301&listingType=USED' });
    expect(crumbs.find((c) => c.key === 'make')?.label).toBe('Ford');
  });
});
