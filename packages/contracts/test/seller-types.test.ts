import { includesPrivateSellers, privateSellersOnly, sellerTypeName } from '../src';

describe('seller types', () => {
  it.each([
    // sellerType values, includes private sellers, private sellers only
    [undefined, false, false],
    [[], false, false],
    [['PRIVATE'], true, true],
    [['private'], true, true],
    [['DEALER'], false, false],
    [['DEALER', 'PRIVATE'], true, false],
    // the old one-letter codes are not seller types the search or the facets know
    [['p'], false, false],
  ])('%j: includes private sellers %s, private sellers only %s', (values, includes, only) => {
    expect(includesPrivateSellers(values)).toBe(includes);
    expect(privateSellersOnly(values)).toBe(only);
  });

  it.each([
    ['PRIVATE', 'Private Seller'],
    ['dealer', 'Dealer'],
    ['p', undefined],
    ['constructor', undefined],
  ])('%s is named %s', (code, name) => {
    expect(sellerTypeName(code)).toBe(name);
  });
});
