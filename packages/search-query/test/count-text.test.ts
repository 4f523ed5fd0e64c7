import { BRANDS } from '@cfs/contracts';
import { resultCountText } from '../src';

describe('the results count text of each brand', () => {
  it('the Ford certified-used variant counts certified used vehicles (page-furniture §1)', () => {
    expect(resultCountText(1, 'ford')).toBe('1 Certified Used Vehicle');
    expect(resultCountText(1234, 'ford')).toBe('1,234 Certified Used Vehicles');
    expect(resultCountText(0, 'ford')).toBe('0 Certified Used Vehicles');
  });

  it.each(BRANDS.filter((b) => b !== 'ford'))('%s counts results', (brand) => {
    expect(resultCountText(1, brand)).toBe('1 Result');
    expect(resultCountText(1234, brand)).toBe('1,234 Results');
  });

  it('an unknown or missing brand counts results as the main brand does', () => {
    expect(resultCountText(2, 'other')).toBe('2 Results');
    expect(resultCountText(2)).toBe('2 Results');
  });
});
