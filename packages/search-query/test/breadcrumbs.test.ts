import type { SearchQuery } from '@cfs/contracts';
import { BREADCRUMB_ORDER, breadcrumbs } from '../src';

const full: SearchQuery = {
  electricMileRange: 200,
  mpgRange: '30-40',
  fuelTypeGroup: ['GSL'],
  maxPrice: 30000,
  startYear: 2020,
  endYear: 2020,
  trimCode: ['XLT'],
  modelCode: ['F150'],
  makeCode: ['FORD'],
  vehicleStyleCode: ['TRUCKS'],
  listingType: ['USED'],
  sellerType: ['DEALER'],
  zip: '30301',
  searchRadius: 50,
};

describe('breadcrumbs', () => {
  it('follows the spec order: Home, page, location, owner, condition, style, make, model, trim, year, price, fuel type, mpg, electric range', () => {
    expect(breadcrumbs(full).map((c) => c.key)).toEqual([...BREADCRUMB_ORDER]);
    expect(BREADCRUMB_ORDER).toEqual([
      'home',
      'page',
      'location',
      'owner',
      'condition',
      'style',
      'make',
      'model',
      'trim',
      'year',
      'price',
      'fuel',
      'mpg',
      'electricRange',
    ]);
  });

  it('always starts with Home and the page; each crumb links to the search narrowed up to it', () => {
    expect(breadcrumbs({})).toEqual([
      { key: 'home', label: 'Home', href: '/' },
      { key: 'page', label: 'Cars for Sale', href: '/cars-for-sale' },
    ]);
    const crumbs = breadcrumbs(full);
    const by = (k: string) => crumbs.find((c) => c.key === k)!;
    expect(by('location')).toEqual({ key: 'location', label: 'Near 30301', href: '/cars-for-sale?zip=30301&searchRadius=50' });
    expect(by('owner').label).toBe('Dealer');
    expect(by('make').href).toBe(
      '/cars-for-sale?zip=30301&searchRadius=50&listingType=USED&makeCode=FORD&vehicleStyleCode=TRUCKS&sellerType=DEALER',
    );
    expect(by('year').label).toBe('2020');
    expect(by('price').label).toBe('Under $30,000');
    expect(by('fuel').label).toBe('Gasoline');
    expect(by('mpg').label).toBe('30-40 MPG');
    expect(by('electricRange').label).toBe('200+ mi range');
  });

  it('treats 3P_CERT as USED', () => {
    const c = breadcrumbs({ listingType: ['3P_CERT'], makeCode: ['FORD'] }).find((x) => x.key === 'condition');
    expect(c).toEqual({ key: 'condition', label: 'Used', href: '/cars-for-sale?listingType=USED' });
    const both = breadcrumbs({ listingType: ['USED', '3P_CERT'] }).find((x) => x.key === 'condition');
    expect(both).toEqual({ key: 'condition', label: 'Used', href: '/cars-for-sale?listingType=USED' });
    expect(breadcrumbs({ listingType: ['NEW', 'USED'] }).some((x) => x.key === 'condition')).toBe(false);
    expect(breadcrumbs({ listingType: ['CERTIFIED'] })[2].label).toBe('Certified');
  });

  it('names makes and models from the labels lookup, else shows the codes', () => {
    const codes = breadcrumbs({ makeCode: ['FORD'], modelCode: ['F150'], vehicleStyleCode: ['SUVCROSS'] });
    expect(codes.map((c) => c.label)).toEqual(['Home', 'Cars for Sale', 'SUV / Crossover', 'FORD', 'F150']);
    const single = breadcrumbs({ makeCode: ['FORD'], modelCode: ['F150'] }, { make: 'Ford', model: 'F-150' });
    expect(single.map((c) => c.label).slice(2)).toEqual(['Ford', 'F-150']);
    const map = breadcrumbs({ makeCode: ['FORD'], modelCode: ['F150'] }, { make: { FORD: 'Ford' }, model: { RANGER: 'Ranger' } });
    expect(map.map((c) => c.label).slice(2)).toEqual(['Ford', 'F150']);
    const fn = breadcrumbs({ makeCode: ['FORD'], trimCode: ['XLT'], modelCode: ['F150'] }, (kind, code) => `${kind}:${code}`);
    expect(fn.map((c) => c.label).slice(2)).toEqual(['make:FORD', 'model:F150', 'trim:XLT']);
    const throwing = breadcrumbs({ makeCode: ['FORD'] }, () => {
      throw new Error('x');
    });
    expect(throwing[2].label).toBe('FORD');
    expect(breadcrumbs({ makeCode: ['toString'] }, { make: {} })[2].label).toBe('toString');
  });

  it('shows list crumbs only for a single value', () => {
    expect(breadcrumbs({ makeCode: ['FORD', 'KIA'] }).map((c) => c.key)).toEqual(['home', 'page']);
  });

  it('labels year and price ranges and the city', () => {
    const label = (q: SearchQuery, key: string) => breadcrumbs(q).find((c) => c.key === key)?.label;
    expect(label({ startYear: 2018, endYear: 2020 }, 'year')).toBe('2018-2020');
    expect(label({ startYear: 2018 }, 'year')).toBe('2018 and newer');
    expect(label({ endYear: 2018 }, 'year')).toBe('2018 and older');
    expect(label({ minPrice: 5000, maxPrice: 20000 }, 'price')).toBe('$5,000 - $20,000');
    expect(label({ minPrice: 5000 }, 'price')).toBe('Over $5,000');
    expect(label({ city: 'Atlanta', state: 'GA', zip: '30301' }, 'location')).toBe('Atlanta, GA');
    // The seller type codes the search takes and the facets answer (contracts SELLER_TYPES), in any case.
    expect(label({ sellerType: ['PRIVATE'] }, 'owner')).toBe('Private Seller');
    expect(label({ sellerType: ['private'] }, 'owner')).toBe('Private Seller');
    expect(label({ sellerType: ['DEALER'] }, 'owner')).toBe('Dealer');
    expect(label({ fuelTypeGroup: ['PIH'] }, 'fuel')).toBe('Plug-in hybrid');
    expect(label({ fuelTypeGroup: ['XYZ'] }, 'fuel')).toBe('XYZ');
    expect(label({ fuelTypeGroup: ['toString'] }, 'fuel')).toBe('ToString');
    expect(label({ sellerType: ['constructor'] }, 'owner')).toBe('constructor');
    expect(label({ listingType: ['constructor'] }, 'condition')).toBe('constructor');
    expect(label({ vehicleStyleCode: ['constructor'] }, 'style')).toBe('constructor');
  });

  it('never throws on a bad query', () => {
    expect(breadcrumbs(null as never)).toHaveLength(2);
    expect(() => breadcrumbs({ makeCode: 'FORD', listingType: 'USED', startYear: 'x', city: 3 } as never)).not.toThrow();
  });
});
