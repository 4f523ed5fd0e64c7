import { BRANDS } from '@cfs/contracts';
import { fordCertifiedText, showsFordCertifiedCopy } from '../src/rules/certified';

describe('the Ford certified program copy (page-furniture §1, §9)', () => {
  it.each(BRANDS.map((b) => [b, b === 'ford'] as const))('on the %s brand: %s', (brand, shown) => {
    expect(showsFordCertifiedCopy(brand)).toBe(shown);
  });

  it('no brand, no copy', () => {
    expect(showsFordCertifiedCopy(undefined)).toBe(false);
  });

  it("carries the spec's constants: 14 days or 1,000 miles money back; Gold up to six years, under 80,000 miles, 172 points", () => {
    expect(fordCertifiedText()).toEqual([
      'Money back within 14 days or 1,000 miles.',
      'Gold certified vehicles are up to six years old, with under 80,000 miles, and pass a 172-point inspection.',
    ]);
  });
});
