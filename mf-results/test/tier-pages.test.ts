import { pageTierUrls, SPOTLIGHT_PAGE_MAX, tierUrls } from '../src/rules/tier-requests';

const flags = { premiumSpotlight: true, vehicleHighlight: true };

describe('the tier calls of a load-more page (page-furniture §4, §7)', () => {
  it('asks for its premium spotlights (3) and fourth-tier candidates with its spotlightPage', () => {
    const urls = pageTierUrls({ zip: '30301' }, flags, 2);
    expect(urls.premium).toBe('/rest/lsc/listing/spotlight/premiumresults?zip=30301&numSpotlights=3&listingTier=premium&spotlightPage=2');
    expect(urls.fourthTier).toBe('/rest/lsc/listing/spotlight/results?zip=30301&numSpotlights=6&listingTier=featured&spotlightPage=2');
  });

  it('leaves paging out of the tier query, like the first page', () => {
    expect(pageTierUrls({ zip: '30301', firstRecord: 54 }, flags, 3).premium).not.toContain('firstRecord');
    expect(tierUrls({ zip: '30301', firstRecord: 54 }, flags, 2025).premium).toContain('spotlightPage=1');
  });

  it.each<[string, Parameters<typeof pageTierUrls>]>([
    ['page 1 (the first page: tierUrls)', [{}, flags, 1]],
    ['past the last spotlight page', [{}, flags, SPOTLIGHT_PAGE_MAX + 1]],
    ['a sort other than relevance without the flag', [{ sortBy: 'derivedpriceASC' }, flags, 2]],
  ])('asks nothing for %s', (_, args) => {
    expect(pageTierUrls(...args)).toEqual({ premium: null, fourthTier: null });
  });

  it('asks no premium spotlights without the premium flag, and still the fourth tier', () => {
    const urls = pageTierUrls({}, { premiumSpotlight: false }, 2);
    expect(urls.premium).toBeNull();
    expect(urls.fourthTier).toContain('spotlightPage=2');
  });
});
