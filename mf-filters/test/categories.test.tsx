import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeatureFlags, SearchQuery } from '@cfs/contracts';
import { CategoryTabs } from '../src/components/CategoryTabs';
import { SOURCE } from '../src/hooks/use-apply-change';
import { activeCategory, categoryOf, chooseCategory, touchesCategory } from '../src/rules/categories';
import { renderControl } from './helpers';

function setup(query: SearchQuery = {}, flags: Partial<FeatureFlags> = {}) {
  // Like the shell: the published query is the one in force.
  const { bus, published } = renderControl(<CategoryTabs />, { query, flags, settle: true });
  const tab = (name: string) => within(screen.getByRole('group', { name: 'Categories' })).getByRole('button', { name });
  const pressed = () =>
    within(screen.getByRole('group', { name: 'Categories' }))
      .getAllByRole('button', { pressed: true })
      .map((b) => b.textContent);
  return { bus, published, tab, pressed };
}

describe('category rules', () => {
  it('a tab clears other filters but keeps the radius, as Clear Filters does; All Results clears', () => {
    const q: SearchQuery = { makeCode: ['FORD'], minPrice: 5000, searchRadius: 50, sortBy: 'yearDESC', zip: '30301' };
    expect(chooseCategory(q, 'all', 'private-seller')).toEqual({
      next: { searchRadius: 50, sellerType: ['PRIVATE'] },
      active: 'private-seller',
    });
    expect(chooseCategory(q, 'all', 'certified').next).toEqual({ searchRadius: 50, listingType: ['CERTIFIED'] });
    expect(chooseCategory(q, 'all', 'best-deals').next).toEqual({
      searchRadius: 50,
      dealType: ['greatprice', 'goodprice'],
    });
    expect(chooseCategory(q, 'certified', 'all')).toEqual({ next: { searchRadius: 50 }, active: 'all' });
  });

  it('Buy Online sets experience=buy-online; deselecting clears it and keeps the rest', () => {
    expect(chooseCategory({}, 'all', 'buy-online').next).toEqual({ experience: 'buy-online' });
    expect(chooseCategory({ experience: 'buy-online', makeCode: ['KIA'] }, 'buy-online', 'buy-online')).toEqual({
      next: { makeCode: ['KIA'] },
      active: 'all',
    });
  });

  it('reads the category of a page and drops it when its values are gone', () => {
    expect(categoryOf({ sellerType: ['PRIVATE'], makeCode: ['FORD'] })).toBe('private-seller');
    expect(categoryOf({ dealType: ['goodprice', 'greatprice'] })).toBe('best-deals');
    expect(categoryOf({ dealType: ['greatprice'] })).toBe('all');
    expect(activeCategory('certified', { listingType: ['USED'] })).toBe('all');
    expect(touchesCategory({ makeCode: ['FORD'] }, { makeCode: ['KIA'] })).toBe(false);
    expect(touchesCategory({ listingType: ['USED'] }, { listingType: ['USED', 'CERTIFIED'] })).toBe(true);
  });
});

describe('Category tabs', () => {
  it('offers the five tabs of the spec as toggle buttons, All Results pressed', () => {
    const { pressed } = setup();
    expect(
      within(screen.getByRole('group', { name: 'Categories' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Results', 'Best Deals', 'Buy Online', 'For Sale By Owner', 'Certified Used']);
    expect(pressed()).toEqual(['All Results']);
  });

  it('a tab clears other filters and searches (the shell resets paging); All Results clears', async () => {
    const { published, tab, pressed } = setup({ makeCode: ['FORD'], firstRecord: 48, searchRadius: 25 });
    await userEvent.click(tab('For Sale By Owner'));
    expect(published).toEqual([{ searchRadius: 25, sellerType: ['PRIVATE'] }]);
    expect(pressed()).toEqual(['For Sale By Owner']);
    await userEvent.click(tab('All Results'));
    expect(published[1]).toEqual({ searchRadius: 25 });
    expect(pressed()).toEqual(['All Results']);
  });

  it('is keyboard-operable: Tab reaches a tab, Enter and Space choose it', async () => {
    const { published, pressed } = setup();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(published).toEqual([{ dealType: ['greatprice', 'goodprice'] }]);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(published[1]).toEqual({ experience: 'buy-online' });
    expect(pressed()).toEqual(['Buy Online']);
  });

  it('Buy Online chosen again is deselected: the experience is cleared', async () => {
    const { published, tab, pressed } = setup();
    await userEvent.click(tab('Buy Online'));
    await userEvent.click(tab('Buy Online'));
    expect(published).toEqual([{ experience: 'buy-online' }, {}]);
    expect(pressed()).toEqual(['All Results']);
  });

  it('a filter value that belongs to a category, chosen elsewhere, resets the category to All Results', async () => {
    const { bus, tab, pressed } = setup();
    await userEvent.click(tab('Best Deals'));
    expect(pressed()).toEqual(['Best Deals']);
    // Another control adds a make: the category stays.
    act(() => bus.publish('filters:changed', { query: { dealType: ['greatprice', 'goodprice'], makeCode: ['FORD'] }, source: SOURCE }));
    expect(pressed()).toEqual(['Best Deals']);
    // Another control picks a condition (a category's value): back to All Results, Best Deals' values kept.
    act(() =>
      bus.publish('filters:changed', {
        query: { dealType: ['greatprice', 'goodprice'], makeCode: ['FORD'], listingType: ['CERTIFIED'] },
        source: SOURCE,
      }),
    );
    expect(pressed()).toEqual(['All Results']);
  });

  it('a change is ignored while a search is in flight', async () => {
    const { bus, published, tab, pressed } = setup();
    act(() => bus.update('search', { status: 'loading' }));
    await userEvent.click(tab('Certified Used'));
    expect(published).toEqual([]);
    expect(pressed()).toEqual(['All Results']);
  });

  it('shows the category a page opened with, and is hidden without categorySearch; Buy Online needs buyOnline', () => {
    const { pressed } = setup({ listingType: ['CERTIFIED'], makeCode: ['FORD'] }, { buyOnline: false });
    expect(pressed()).toEqual(['Certified Used']);
    expect(screen.queryByRole('button', { name: 'Buy Online' })).not.toBeInTheDocument();
  });

  it('has no tabs without the categorySearch flag', () => {
    setup({}, { categorySearch: false });
    expect(screen.queryByRole('group', { name: 'Categories' })).not.toBeInTheDocument();
  });
});

describe('experience entry points', () => {
  it('commercial and best-deals re-run the search with the experience set (their flags), pressed again clears it', async () => {
    const { published } = setup({ makeCode: ['FORD'], firstRecord: 24 });
    await userEvent.click(screen.getByRole('button', { name: 'Shop Commercial Vehicles' }));
    expect(published).toEqual([{ makeCode: ['FORD'], experience: 'commercial', firstRecord: 24 }]);
    expect(screen.getByRole('button', { name: 'Shop Commercial Vehicles' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Shop Best Deals' }));
    expect(published[1]).toEqual({ makeCode: ['FORD'], experience: 'best-deals', firstRecord: 24 });
    await userEvent.click(screen.getByRole('button', { name: 'Shop Best Deals' }));
    expect(published[2]).toEqual({ makeCode: ['FORD'], firstRecord: 24 });
  });

  it('are hidden without their flags', () => {
    setup({}, { commercialEntryPoint: false, bestDealsEntryPoint: false });
    expect(screen.queryByRole('button', { name: 'Shop Commercial Vehicles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Shop Best Deals' })).not.toBeInTheDocument();
  });

  it('the Hyundai buy-online button shows with Hyundai selected and toggles its experience', async () => {
    const { published } = setup({ makeCode: ['HYUNDAI'] });
    const button = screen.getByRole('button', { name: 'Hyundai Buy Online' });
    await userEvent.click(button);
    expect(published).toEqual([{ makeCode: ['HYUNDAI'], experience: 'hyundai-buy-online' }]);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(published[1]).toEqual({ makeCode: ['HYUNDAI'] });
  });

  it('no Hyundai button for other makes', () => {
    setup({ makeCode: ['FORD'] });
    expect(screen.queryByRole('button', { name: 'Hyundai Buy Online' })).not.toBeInTheDocument();
  });
});
