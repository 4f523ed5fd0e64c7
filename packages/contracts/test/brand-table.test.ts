import {
  BRAND_COMPARE_READING,
  BRAND_TABLE,
  BRAND_VARIANTS,
  BRANDS,
  brandRow,
  brandVariant,
  compareReadingFor,
  FEATURE_FLAGS,
} from '../src';

describe('the brand table: one row a brand, every reader takes its part from it', () => {
  it.each(BRANDS)('%s', (brand) => {
    const row = BRAND_TABLE[brand];
    expect(BRAND_VARIANTS[brand]).toBe(row.variant);
    expect(brandVariant(brand)).toBe(row.variant);
    expect(BRAND_COMPARE_READING[brand]).toBe(row.compareReading);
    expect(compareReadingFor(brand)).toBe(row.compareReading);
    for (const flag of row.flagsOff) expect(FEATURE_FLAGS).toContain(flag);
  });

  it('reads an unknown brand as the main brand', () => {
    expect(brandRow('nope')).toBe(BRAND_TABLE.atc);
    expect(brandRow(undefined)).toBe(BRAND_TABLE.atc);
    expect(compareReadingFor('nope')).toBe(BRAND_TABLE.atc.compareReading);
  });
});
