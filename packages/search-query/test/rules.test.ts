import { LIMITS, MESSAGES, SORT_VALUES } from '@cfs/contracts';
import {
  checkPrice,
  defaultSort,
  displayTitle,
  excludedIdsParam,
  formatNumber,
  formatPrice,
  isSortValue,
  mileageStatValid,
  newCarYears,
  normaliseLocation,
  normaliseQuery,
  normaliseRadius,
  normaliseZip,
  rememberedRadius,
  searchRadiusCookie,
  parsePrice,
  roundDistance,
  serializeQuery,
  sortInForce,
  sortReading,
  validatePrice,
  withSortInForce,
  validZip,
} from '../src';

describe('ZIP and radius', () => {
  it('validZip: exactly 5 digits', () => {
    expect(validZip('30301')).toBe(true);
    for (const bad of ['3030', '303011', '3030a', ' 30301', '30301 ', '', '３０３０１', 30301 as unknown as string])
      expect(validZip(bad)).toBe(false);
  });

  it('normaliseZip keeps the first 5 characters if they are digits', () => {
    expect(normaliseZip('30301-1234')).toBe('30301');
    expect(normaliseZip('3030-1234')).toBeUndefined();
    expect(normaliseZip(undefined)).toBeUndefined();
  });

  it('normaliseRadius caps at 100 and keeps 0', () => {
    expect([0, 50, 99, 100, 101, 1e6].map(normaliseRadius)).toEqual([0, 50, 99, 100, 100, 100]);
    expect(normaliseRadius('25')).toBe(25);
    expect(normaliseRadius(-1)).toBeUndefined();
  });

  it.each([
    ['50', 50],
    ['0', 0],
    ['500', 100],
    ['', undefined],
    ['-5', undefined],
    ['25; evil', undefined],
    ['1e3', undefined],
    [undefined, undefined],
  ])('the radius cookie %j remembers %j', (value, radius) => {
    expect(rememberedRadius(value)).toBe(radius);
  });

  it('writes the radius cookie for the page path, a year long, Secure over TLS, and nothing for a radius it cannot use', () => {
    expect(searchRadiusCookie(25, false)).toBe('cfs_search_radius=25; Path=/cars-for-sale; Max-Age=31536000; SameSite=Lax');
    expect(searchRadiusCookie(250, true)).toBe('cfs_search_radius=100; Path=/cars-for-sale; Max-Age=31536000; SameSite=Lax; Secure');
    expect(searchRadiusCookie(-1, false)).toBeNull();
  });
});

describe('sort', () => {
  it('gives both readings of the default', () => {
    expect(defaultSort('state')).toBe('relevance');
    expect(defaultSort('optionFile')).toBe('derivedpriceDESC');
    expect(defaultSort()).toBe('relevance');
    expect(isSortValue('yearASC')).toBe(true);
    expect(isSortValue('price')).toBe(false);
  });

  it('reads the configured reading: optionFile only when named exactly so', () => {
    expect(sortReading('optionFile')).toBe('optionFile');
    expect(['state', '', undefined, 'OPTIONFILE', 'derivedpriceDESC'].map(sortReading)).toEqual([
      'state',
      'state',
      'state',
      'state',
      'state',
    ]);
  });

  describe.each([
    ['state', 'relevance'],
    ['optionFile', 'derivedpriceDESC'],
  ] as const)('the %s reading', (reading, expected) => {
    const inForce = defaultSort(reading);
    const ctx = { brand: 'kbb' as const, currentYear: 2025, defaultSort: inForce };

    it(`runs a search without sortBy by ${expected}, and one with a sortBy by that sort`, () => {
      expect(inForce).toBe(expected);
      expect(sortInForce({}, inForce)).toBe(expected);
      expect(sortInForce({ sortBy: 'yearASC' }, inForce)).toBe('yearASC');
      expect(sortInForce({ sortBy: 'relevance' }, inForce)).toBe('relevance');
      expect(withSortInForce({ makeCode: ['FORD'] }, inForce)).toEqual({ makeCode: ['FORD'], sortBy: expected });
    });

    it('leaves the default in force out of the page URL and keeps every other sort, relevance included', () => {
      expect(normaliseQuery({ sortBy: expected }, ctx)).toEqual({});
      for (const other of SORT_VALUES.filter((v) => v !== expected)) {
        expect(normaliseQuery({ sortBy: other }, ctx)).toEqual({ sortBy: other });
        expect(normaliseLocation('/cars-for-sale', `sortBy=${other}`, ctx)).toMatchObject({ search: `sortBy=${other}`, normalised: true });
      }
      expect(normaliseLocation('/cars-for-sale', `sortBy=${expected}`, ctx)).toMatchObject({ search: '', normalised: false });
      expect(serializeQuery({ sortBy: expected }, { defaultSort: inForce })).toBe('');
    });

    it('sends the sort in force upstream (relevance, the upstream default, is left out)', () => {
      const sent = serializeQuery(withSortInForce({ makeCode: ['FORD'] }, inForce));
      expect(sent).toBe(expected === 'relevance' ? 'makeCode=FORD' : `makeCode=FORD&sortBy=${expected}`);
    });
  });

  it('falls back to relevance when no usable default is given', () => {
    expect(sortInForce({})).toBe('relevance');
    expect(sortInForce({}, 'price')).toBe('relevance');
    expect(sortInForce({ sortBy: 'nonsense' as never }, 'yearDESC')).toBe('yearDESC');
    expect(normaliseQuery({ sortBy: 'relevance' }, { brand: 'kbb', currentYear: 2025, defaultSort: 'nonsense' as never })).toEqual({});
  });
});

describe('excludedIdsParam', () => {
  it('is sent only with 1 to 25 ids', () => {
    const ids = (k: number) => Array.from({ length: k }, (_, i) => `id${i}`);
    expect(excludedIdsParam([])).toBeUndefined();
    expect(excludedIdsParam(ids(1))).toEqual(ids(1));
    expect(excludedIdsParam(ids(LIMITS.excludedIdsMax))).toEqual(ids(25));
    expect(excludedIdsParam(ids(26))).toBeUndefined();
    expect(excludedIdsParam(['', ' '])).toBeUndefined();
    expect(excludedIdsParam(['a', 'a', ' b '])).toEqual(['a', 'b']);
    expect(excludedIdsParam(undefined)).toBeUndefined();
  });
});

describe('newCarYears', () => {
  it('offers Any (0) and 4 years starting two years before the current year', () => {
    expect(newCarYears(2026)).toEqual([
      { label: 'Any', value: 0 },
      { label: '2024', value: 2024 },
      { label: '2025', value: 2025 },
      { label: '2026', value: 2026 },
      { label: '2027', value: 2027 },
    ]);
    expect(newCarYears(2030).filter((y) => y.value !== 0)).toHaveLength(4);
    expect(newCarYears(NaN)).toEqual([{ label: 'Any', value: 0 }]);
  });
});

describe('displayTitle, roundDistance, mileageStatValid', () => {
  it('cuts the title at " w/"', () => {
    expect(displayTitle('2020 Ford F-150 XLT w/ Tow Package')).toBe('2020 Ford F-150 XLT');
    expect(displayTitle('2020 Ford F-150 XLT w/Tow w/ Nav')).toBe('2020 Ford F-150 XLT');
    expect(displayTitle('2020 Honda Civic')).toBe('2020 Honda Civic');
    expect(displayTitle('Ford with/without')).toBe('Ford with/without');
    expect(displayTitle('Ford w/')).toBe('Ford');
    expect(displayTitle(' w/ everything')).toBe('');
    expect(displayTitle(undefined)).toBe('');
  });

  it('rounds distance to 2 decimals', () => {
    expect(roundDistance(12.3456)).toBe(12.35);
    expect(roundDistance(12.344)).toBe(12.34);
    expect(roundDistance(1.005)).toBe(1.01);
    expect(roundDistance(100.005)).toBe(100.01);
    expect(roundDistance(7)).toBe(7);
    expect(roundDistance(0)).toBe(0);
    expect(roundDistance(1e-7)).toBe(0);
    expect(roundDistance(1e21)).toBe(1e21);
    expect(roundDistance(-2.345)).toBe(-2.35);
    expect(roundDistance(NaN)).toBeNaN();
  });

  it('formats numbers grouped in thousands, as en-US does', () => {
    const rows: [number, number, string][] = [
      [0, 0, '0'],
      [999, 0, '999'],
      [1000, 0, '1,000'],
      [12345.6, 0, '12,346'],
      [1234567, 0, '1,234,567'],
      [-1234.4, 0, '-1,234'],
      [-0.4, 0, '0'],
      [12.3456, 2, '12.35'],
      [12.3, 2, '12.3'],
      [7, 2, '7'],
      [1234.05, 2, '1,234.05'],
      [0.999, 2, '1'],
    ];
    for (const [n, digits, text] of rows) {
      expect(formatNumber(n, digits)).toBe(text);
      expect(formatNumber(n, digits)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: digits }).replace(/^-0$/, '0'));
    }
    expect(formatNumber(NaN)).toBe('');
    expect(formatNumber(Infinity)).toBe('');
  });

  it('ignores mileage statistics over 250000 or 0 or less', () => {
    expect(mileageStatValid(1)).toBe(true);
    expect(mileageStatValid(LIMITS.mileageCeiling)).toBe(true);
    expect(mileageStatValid(250001)).toBe(false);
    expect(mileageStatValid(0)).toBe(false);
    expect(mileageStatValid(-5)).toBe(false);
    expect(mileageStatValid(NaN)).toBe(false);
    expect(mileageStatValid('100')).toBe(false);
  });
});

describe('price', () => {
  it('parsePrice accepts digits with optional $ and thousands separators, 1 to 10 characters', () => {
    expect(parsePrice('5000')).toBe(5000);
    expect(parsePrice('$5000')).toBe(5000);
    expect(parsePrice('$5,000')).toBe(5000);
    expect(parsePrice('$1,000,000')).toBe(1000000); // 10 characters
    expect(parsePrice('1234567890')).toBe(1234567890);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice(' 5000 ')).toBe(5000);
    for (const bad of [
      '',
      '$',
      '05000',
      '$0,500',
      '5000.50',
      '5,00',
      '50,00,000',
      '12345678901',
      '$10,000,000',
      '-5',
      '5 000',
      '5k',
      '$$5',
      '5$',
      ',500',
      '１０',
    ]) {
      expect(parsePrice(bad)).toBeNull();
    }
  });

  it('validatePrice returns the spec messages verbatim, or null', () => {
    expect(validatePrice('$5,000', '5000')).toBe(MESSAGES.priceSame);
    expect(validatePrice('$5,000', '5000')).toBe('Min and Max price cannot be the same.');
    expect(validatePrice('9000', '5000')).toBe('Max price must be greater than Min price.');
    expect(validatePrice(undefined, '0')).toBe('Max price must be greater than 0.');
    expect(validatePrice('0', '0')).toBe(MESSAGES.priceMaxPositive);
    expect(validatePrice('5000', '9000')).toBeNull();
    expect(validatePrice('$1,000', undefined)).toBeNull();
    expect(validatePrice(undefined, undefined)).toBeNull();
    expect(validatePrice('', '')).toBeNull();
  });

  it('treats a field that is not a price as cleared; checkPrice says which', () => {
    expect(validatePrice('05000', '100')).toBeNull();
    expect(checkPrice('05000', '100')).toEqual({ min: null, max: 100, invalid: ['min'], message: null });
    expect(checkPrice('9000', '5000.50')).toEqual({ min: 9000, max: null, invalid: ['max'], message: null });
    expect(checkPrice('', ' ')).toEqual({ min: null, max: null, invalid: [], message: null });
    expect(checkPrice('9000', '5000').message).toBe(MESSAGES.priceMaxGreater);
  });

  it('formatPrice writes $12,345', () => {
    expect(formatPrice(12345)).toBe('$12,345');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(999)).toBe('$999');
    expect(formatPrice(1000)).toBe('$1,000');
    expect(formatPrice(1234567.5)).toBe('$1,234,568');
    expect(formatPrice(-2500)).toBe('-$2,500');
    expect(formatPrice(NaN)).toBe('');
    expect(formatPrice(Infinity)).toBe('');
  });
});
