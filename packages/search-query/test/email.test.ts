import { LIMITS } from '@cfs/contracts';
import { emailProblem, savedSearchString } from '../src';

describe('emailProblem: the one email rule of the page', () => {
  it.each<[unknown, 'required' | 'invalid' | null]>([
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    ['shopper', 'invalid'],
    ['shopper@example', 'invalid'],
    ['sho pper@example.com', 'invalid'],
    [`${'a'.repeat(LIMITS.emailMaxLength - 11)}@example.com`, 'invalid'],
    [`${'a'.repeat(LIMITS.emailMaxLength - 12)}@example.com`, null],
    ['shopper@example.com', null],
    [' shopper@example.com ', null],
  ])('%j: %s', (email, expected) => {
    expect(emailProblem(email)).toBe(expected);
  });
});

describe('savedSearchString: what a saved search and an email alert are for', () => {
  it('is the search without paging, the sort left out where it is the default in force', () => {
    const q = { zip: '30301', searchRadius: 25, listingType: ['USED'], makeCode: ['HYUND'], firstRecord: 30, numRecords: 30 };
    expect(savedSearchString(q)).toBe('zip=30301&searchRadius=25&listingType=USED&makeCode=HYUND');
    expect(savedSearchString({ ...q, sortBy: 'derivedpriceDESC' }, 'derivedpriceDESC')).toBe(
      'zip=30301&searchRadius=25&listingType=USED&makeCode=HYUND',
    );
    expect(savedSearchString({ ...q, sortBy: 'relevance' }, 'derivedpriceDESC')).toContain('sortBy=relevance');
  });
});
