import { BRANDS } from '@cfs/contracts';
import { resultCountText } from '../src';

describe('the results count text of each brand', () => {
  it.each([
    // listing types of the search: the Ford variant's noun, where it is true (page-furniture §1)
    [['CERTIFIED'], 1, '1 Certified Used Vehicle'],
    [['CERTIFIED'], 1234, '1,234 Certified Used Vehicles'],
    [['3P_CERT'], 0, '0 Certified Used Vehicles'],
    [['CERTIFIED', '3P_CERT'], 12, '12 Certified Used Vehicles'],
    // any other search counts results: new cars, used of any kind, a mix, no type chosen
    [['NEW'], 1234, '1,234 Results'],
    [['USED'], 1, '1 Result'],
    [['CERTIFIED', 'NEW'], 12, '12 Results'],
    [['CERTIFIED', 'USED'], 12, '12 Results'],
    [[], 12, '12 Results'],
    [undefined, 12, '12 Results'],
  ])('Ford, listing types %j, %d: %s', (types, total, text) => {
    expect(resultCountText(total, 'ford', types)).toBe(text);
  });

  it.each(BRANDS.filter((b) => b !== 'ford'))('%s counts results, certified searches too', (brand) => {
    expect(resultCountText(1, brand)).toBe('1 Result');
    expect(resultCountText(1234, brand, ['USED'])).toBe('1,234 Results');
    expect(resultCountText(1234, brand, ['CERTIFIED'])).toBe('1,234 Results');
  });

  it('an unknown or missing brand counts results as the main brand does', () => {
    expect(resultCountText(2, 'other', ['CERTIFIED'])).toBe('2 Results');
    expect(resultCountText(2)).toBe('2 Results');
  });
});
