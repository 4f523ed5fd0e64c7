import { saveSearchAction } from '../src/rules/save-search-rule';
import { searchTitle } from '../src/rules/search-title';
import { afterSave } from '../src/rules/saved-search-state';
import { createAccountUrl, pagingResetUrl, searchString, signInUrl, SIGN_IN_PATH } from '../src/rules/sign-in';
import { fordResult } from './helpers';

describe('save search click rule', () => {
  const base = { signedIn: false, subscribed: false, formShowing: false, subscribeAlerts: true };
  it('shows the form for a logged-out user with no subscription and no form showing', () => {
    expect(saveSearchAction(base)).toBe('show-form');
  });
  it('otherwise saves: signed in saves, logged out signs in first', () => {
    expect(saveSearchAction({ ...base, signedIn: true })).toBe('save');
    expect(saveSearchAction({ ...base, formShowing: true })).toBe('sign-in');
    expect(saveSearchAction({ ...base, subscribed: true })).toBe('sign-in');
    expect(saveSearchAction({ ...base, subscribeAlerts: false })).toBe('sign-in');
  });
});

describe('saved search title', () => {
  it('reads like the search', () => {
    expect(
      searchTitle(
        { listingType: ['USED'], makeCode: ['FORD'], modelCode: ['F150'], startYear: 2019, endYear: 2022, zip: '30301' },
        fordResult(),
      ),
    ).toBe('Used 2019-2022 Ford F-150 near 30301');
    expect(searchTitle({ makeCode: ['FORD'] }, null)).toBe('FORD Cars');
    expect(searchTitle({ listingType: ['NEW'] }, null)).toBe('New Cars');
    expect(searchTitle({}, null)).toBe('Cars for Sale');
    expect(searchTitle({ zip: '30301' }, null)).toBe('Cars near 30301');
  });
});

describe('saved-search slice after a save', () => {
  const slice = { titles: ['Old'], count: 1, subscribedEmail: null, status: 'saving' as const, message: null };
  it('adds one to the count on the valuation brand only', () => {
    expect(afterSave(slice, 'kbb', 'New')).toEqual({ status: 'saved', message: null, titles: ['Old', 'New'], count: 2 });
    expect(afterSave(slice, 'atc', 'New').count).toBe(1);
  });
});

describe('sign-in links', () => {
  it('uses the one sign-in path with defaultScreen=signup and a return URL', () => {
    expect(SIGN_IN_PATH).toBe('/account/signin');
    expect(createAccountUrl('/cars-for-sale?makeCode=FORD')).toBe(
      '/account/signin?defaultScreen=signup&returnUrl=%2Fcars-for-sale%3FmakeCode%3DFORD',
    );
    expect(signInUrl('/x')).toBe('/account/signin?returnUrl=%2Fx');
  });
  it('resets paging in the return URL after login', () => {
    expect(pagingResetUrl('/cars-for-sale', { makeCode: ['FORD'], firstRecord: 48, numRecords: 24 })).toBe('/cars-for-sale?makeCode=FORD');
  });
  it('keeps a chosen sort that is not the default in force, in saved searches and return URLs', () => {
    // The 'optionFile' reading: price high to low is the default, so a chosen relevance is written out.
    expect(searchString({ makeCode: ['FORD'], sortBy: 'relevance' }, 'derivedpriceDESC')).toBe('makeCode=FORD&sortBy=relevance');
    expect(searchString({ makeCode: ['FORD'], sortBy: 'derivedpriceDESC' }, 'derivedpriceDESC')).toBe('makeCode=FORD');
    expect(pagingResetUrl('/cars-for-sale', { sortBy: 'relevance', firstRecord: 30 }, 'derivedpriceDESC')).toBe(
      '/cars-for-sale?sortBy=relevance',
    );
  });
});
