import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus } from '@cfs/bus';
import type { Bus, Listing } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { PRICE_MISSING } from '@cfs/search-query';
import { listing as base } from '@cfs/test-kit';
import { CompareDrawer } from '../src/components/CompareDrawer';
import { addToCompare } from '../src/rules/compare';

/** The shared fixture listing, as a Honda Civic priced $21,000. */
function listing(id: string): Listing {
  return base(id, { title: `2021 Honda Civic ${id} w/ Sunroof`, pricingDetail: { salePrice: 21000 } });
}

function renderDrawer(bus: Bus) {
  return render(
    <BusContext.Provider value={bus}>
      <CompareDrawer />
    </BusContext.Provider>,
  );
}

describe('compare drawer', () => {
  // Each test starts a new session: nothing remembered from another test's selection.
  beforeEach(() => sessionStorage.clear());

  it('adds a listing once, at most 5, with the title cut at " w/"', () => {
    let items = addToCompare([], listing('a'));
    items = addToCompare(items, listing('a'));
    expect(items).toHaveLength(1);
    expect(items[0].title).toBe('2021 Honda Civic a');
    for (const id of ['b', 'c', 'd', 'e', 'f', 'g']) items = addToCompare(items, listing(id));
    expect(items.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('shows a missing price, and picks the primary image, as every remote does', () => {
    const bus = createBus();
    renderDrawer(bus);
    const noPrice = { ...listing('a'), pricingDetail: {} };
    act(() => bus.publish('compare:add', { listing: noPrice }));
    expect(within(screen.getByRole('list', { name: 'Listings to compare' })).getByText(PRICE_MISSING)).toBeInTheDocument();
    const unsafe = { ...listing('b'), images: { sources: [{ src: 'javascript:x', alt: '' }], primary: 0 } };
    expect(addToCompare([], unsafe)[0].image).toBeNull();
  });

  it('opens when a listing is added and shows it; Remove takes it out', async () => {
    const bus = createBus();
    renderDrawer(bus);
    expect(screen.queryByRole('list', { name: 'Listings to compare' })).toBeNull();
    act(() => bus.publish('compare:add', { listing: listing('a') }));
    const list = screen.getByRole('list', { name: 'Listings to compare' });
    expect(within(list).getByText('2021 Honda Civic a')).toBeInTheDocument();
    expect(within(list).getByText('$21,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close compare' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: 'Compare (1 of 5)' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Remove 2021 Honda Civic a from compare' }));
    expect(bus.getState().compare.items).toEqual([]);
  });

  it('closes and reopens with the keyboard', async () => {
    const bus = createBus();
    renderDrawer(bus);
    act(() => bus.publish('compare:add', { listing: listing('a') }));
    const toggle = screen.getByRole('button', { name: 'Close compare' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Open compare' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Listings to compare' })).toBeNull();
  });
});
