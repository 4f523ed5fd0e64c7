import type { SearchQuery } from '@cfs/contracts';
import { boostRequested, spotlightsRequested } from '../src/tiers';

const YEAR = 2025;
const base: SearchQuery = { zip: '30301' };

describe('boost request conditions (page-furniture §5)', () => {
  it.each<[string, SearchQuery, boolean]>([
    ['a 5-digit ZIP and nothing else', base, true],
    ['no ZIP', {}, false],
    ['a 4-digit ZIP', { zip: '3030' }, false],
    ['a ZIP with letters', { zip: '3030a' }, false],
    ['listing type USED', { ...base, listingType: ['USED'] }, true],
    ['listing type CERTIFIED and 3P_CERT', { ...base, listingType: ['CERTIFIED', '3P_CERT'] }, true],
    ['listing type NEW', { ...base, listingType: ['NEW'] }, false],
    ['NEW among the types', { ...base, listingType: ['USED', 'NEW'] }, false],
    ['end year 5 years back', { ...base, endYear: YEAR - 5 }, true],
    ['end year 6 years back', { ...base, endYear: YEAR - 6 }, false],
    ['end year this year', { ...base, endYear: YEAR }, true],
    ['start year this year', { ...base, startYear: YEAR }, false],
    ['start year next year', { ...base, startYear: YEAR + 1 }, false],
    ['start year last year', { ...base, startYear: YEAR - 1 }, true],
    ['a dealer seller', { ...base, sellerType: ['DEALER'] }, true],
    ['a private seller', { ...base, sellerType: ['PRIVATE'] }, false],
    ['private among seller types', { ...base, sellerType: ['DEALER', 'PRIVATE'] }, false],
  ])('%s: %s', (_, query, expected) => {
    expect(boostRequested(query, YEAR)).toBe(expected);
  });
});

describe('spotlights only for relevance sort unless the flag allows (page-furniture §4)', () => {
  it.each<[SearchQuery, boolean, string | undefined, boolean]>([
    [{ sortBy: 'relevance' }, false, undefined, true],
    [{}, false, undefined, true],
    [{}, false, 'derivedpriceDESC', false],
    [{ sortBy: 'derivedpriceASC' }, false, undefined, false],
    [{ sortBy: 'derivedpriceASC' }, true, undefined, true],
    [{ sortBy: 'relevance' }, false, 'derivedpriceDESC', true],
  ])('%j, flag %s, default %s: %s', (query, flag, dflt, expected) => {
    expect(spotlightsRequested(query, flag, dflt)).toBe(expected);
  });
});
