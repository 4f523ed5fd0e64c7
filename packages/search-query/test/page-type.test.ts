import { isModelPage, PAGE_TYPES, pageType } from '../src';

describe('pageType', () => {
  it.each([
    [{ makeCode: ['FORD'] }, 'make'],
    [{ makeCode: ['FORD'], modelCode: ['F150'] }, 'make-model'],
    [{ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT'] }, 'make-model-trim'],
    [{ makeCode: ['FORD'], modelCode: ['F150'], startYear: 2020, endYear: 2020 }, 'year-make-model'],
    [{ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['XLT'], startYear: 2020, endYear: 2020 }, 'year-make-model-trim'],
    [{ makeCode: ['FORD'], modelCode: ['F150'], startYear: 2018, endYear: 2020 }, 'make-model'],
    [{ makeCode: ['FORD'], modelCode: ['F150'], startYear: 2020 }, 'make-model'],
    [{ makeCode: ['FORD'], vehicleStyleCode: ['TRUCKS'] }, 'make-bodystyle'],
    [{ makeCode: ['FORD'], startYear: 2020, endYear: 2020 }, 'make'],
    [{ makeCode: ['FORD', 'KIA'] }, 'all'],
    [{ makeCode: ['FORD', 'KIA'], vehicleStyleCode: ['SEDAN'] }, 'bodystyle'],
    [{ makeCode: ['FORD'], modelCode: ['F150', 'RANGER'] }, 'make'],
    [{ vehicleStyleCode: ['SEDAN'] }, 'bodystyle'],
    [{ extColorSimple: ['RED'] }, 'color'],
    [{ city: 'Atlanta' }, 'city'],
    [{ sellerType: ['p'] }, 'sellertype'],
    [{ maxPrice: 20000 }, 'price'],
    [{ minPrice: 5000 }, 'price'],
    [{ fuelTypeGroup: ['ELE'] }, 'fuel'],
    [{ driveGroup: ['AWD4WD'] }, 'drive'],
    [{ featureCode: ['1234'] }, 'feature'],
    [{ vehicleStyleCode: ['SEDAN'], extColorSimple: ['RED'], city: 'Atlanta' }, 'bodystyle'],
    [{ extColorSimple: ['RED'], city: 'Atlanta' }, 'color'],
    [{ fuelTypeGroup: ['ELE'], driveGroup: ['AWD4WD'] }, 'fuel'],
    [{ zip: '30301', sortBy: 'yearDESC' }, 'all'],
    [{}, 'all'],
  ] as const)('%j -> %s', (q, type) => {
    expect(pageType(q as never)).toBe(type);
    expect(PAGE_TYPES).toContain(type);
  });

  it('never throws on a bad query', () => {
    expect(pageType(null as never)).toBe('all');
    expect(pageType({ makeCode: 'FORD', city: 5 } as never)).toBe('all');
  });
});

describe('isModelPage', () => {
  it('is one make and one model, with or without a year or trim', () => {
    expect(isModelPage({ makeCode: ['FORD'], modelCode: ['F150'] })).toBe(true);
    expect(isModelPage({ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['F150|XLT'], startYear: 2020, endYear: 2020 })).toBe(true);
    expect(isModelPage({ makeCode: ['FORD'] })).toBe(false);
    expect(isModelPage({ makeCode: ['FORD'], modelCode: ['F150', 'RANGER'] })).toBe(false);
    expect(isModelPage({})).toBe(false);
  });
});
