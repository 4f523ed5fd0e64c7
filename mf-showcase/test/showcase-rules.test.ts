import { isAlphaListing, isExactMatch, showcaseContext } from '../src/rules/showcase-context';
import { pickShowcase, spotlightUrl, ownerInventoryHref } from '../src/rules/spotlight';
import { listing, owner, result } from '@cfs/test-kit';

describe('showcase context rule', () => {
  it('with exact match on: inventory only for an alpha listing that exactly matches', () => {
    expect(showcaseContext({ exactMatchFlag: true, alpha: true, exactMatch: true })).toBe('inventory');
    expect(showcaseContext({ exactMatchFlag: true, alpha: true, exactMatch: false })).toBe('owner');
    expect(showcaseContext({ exactMatchFlag: true, alpha: false, exactMatch: true })).toBe('owner');
    expect(showcaseContext({ exactMatchFlag: true, alpha: false, exactMatch: false })).toBe('owner');
  });

  it('with exact match off: owner when not alpha, else inventory', () => {
    expect(showcaseContext({ exactMatchFlag: false, alpha: true, exactMatch: false })).toBe('inventory');
    expect(showcaseContext({ exactMatchFlag: false, alpha: true, exactMatch: true })).toBe('inventory');
    expect(showcaseContext({ exactMatchFlag: false, alpha: false, exactMatch: true })).toBe('owner');
    expect(showcaseContext({ exactMatchFlag: false, alpha: false, exactMatch: false })).toBe('owner');
  });
});

describe('exact match', () => {
  const l = listing('a', { ownerId: 'd1', year: 2021, listingType: 'USED' });
  it('matches when no filter is set', () => expect(isExactMatch(l, {})).toBe(true));
  it('matches every selected make, model, year and listing type', () => {
    expect(isExactMatch(l, { makeCode: ['FORD'], modelCode: ['F150'], startYear: 2020, endYear: 2022, listingType: ['USED'] })).toBe(true);
  });
  it('fails on any one of them', () => {
    expect(isExactMatch(l, { makeCode: ['TOYOTA'] })).toBe(false);
    expect(isExactMatch(l, { modelCode: ['RANGER'] })).toBe(false);
    expect(isExactMatch(l, { startYear: 2022 })).toBe(false);
    expect(isExactMatch(l, { endYear: 2020 })).toBe(false);
    expect(isExactMatch(l, { listingType: ['NEW'] })).toBe(false);
  });
});

describe('alpha listing', () => {
  const a = listing('a', { ownerId: 'd1' });
  const b = listing('b', { ownerId: 'd2' });
  it('with alphaCriteria on, only the first premium listing of the showcase owner is alpha', () => {
    expect(isAlphaListing(a, [a, b], 'd1', true)).toBe(true);
    expect(isAlphaListing(b, [a, b], 'd2', true)).toBe(false);
  });
  it('with alphaCriteria off, the showcase listing counts as alpha', () => {
    expect(isAlphaListing(b, [a, b], 'd2', false)).toBe(true);
  });
});

describe('pickShowcase', () => {
  const r = result(
    [listing('a', { ownerId: 'd1' }), listing('', { ownerId: 'd1' }), listing('b', { ownerId: 'd2' }), listing('a', { ownerId: 'd1' })],
    [owner('d1', { name: 'First Motors' }), owner('d2', { name: 'Second Autos' })],
  );
  it('shows the first premium listing and its owner', () => {
    const s = pickShowcase(r, {});
    expect(s?.listing.id).toBe('a');
    expect(s?.owner.name).toBe('First Motors');
    expect(s?.premium.map((l) => l.id)).toEqual(['a', 'b']);
  });
  it('prefers the showcaseOwnerId owner', () => {
    expect(pickShowcase(r, { showcaseOwnerId: 'd2' })?.owner.name).toBe('Second Autos');
  });
  it('is empty when the owner is missing or there is no listing', () => {
    expect(pickShowcase(result([listing('x', { ownerId: 'nobody' })], []), {})).toBeNull();
    expect(pickShowcase(result([], []), {})).toBeNull();
    expect(pickShowcase(null, {})).toBeNull();
  });
});

describe('urls', () => {
  it('serialises the search query and adds the premium tier parameters', () => {
    expect(spotlightUrl({ zip: '30301', makeCode: ['FORD'] })).toBe(
      '/rest/lsc/listing/spotlight/premiumresults?zip=30301&makeCode=FORD&numSpotlights=3&listingTier=premium&spotlightPage=1',
    );
    expect(spotlightUrl({})).toBe('/rest/lsc/listing/spotlight/premiumresults?numSpotlights=3&listingTier=premium&spotlightPage=1');
  });
  it('links the dealer inventory', () => expect(ownerInventoryHref('d 1')).toBe('/cars-for-sale?showcaseOwnerId=d%201'));
});
