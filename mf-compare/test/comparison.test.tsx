import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createBus, defaultFlags } from '@cfs/bus';
import type { Bus, Listing } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { listing as base, owner, result } from '@cfs/test-kit';
import { CompareDrawer } from '../src/components/CompareDrawer';
import { COMPARISON_HEADING } from '../src/components/ComparisonDialog';
import { COMPARE_ROWS, NOT_LISTED } from '../src/rules/comparison';
import { COMPARE_MEMORY_KEY, readMemory } from '../src/rules/memory';

const CARS: Listing[] = [
  base('a', {
    title: '2021 Honda Civic EX w/ Sunroof',
    year: 2021,
    pricingDetail: { salePrice: 21000, payments: { monthly: 350, termMonths: 72, apr: 6.5, downPayment: 2100 } },
    trim: { code: 'EX', name: 'EX' },
    engine: { code: '4', name: '2.0L 4 Cylinder', cylinders: 4, displacement: 2 },
    driveType: { code: 'FWD', name: 'Front Wheel Drive' },
    specifications: { mpg: { city: 31, highway: 40 } },
    ownerId: 'Da',
  }),
  base('b', {
    title: '2019 Toyota Camry SE',
    year: 2019,
    pricingDetail: { salePrice: 19500 },
    mileage: { value: 40210, label: '40,210 mi' },
    ownerId: 'Db',
  }),
  base('c', { title: '2022 Tesla Model 3', year: 2022, pricingDetail: {}, specifications: { mileRange: 272 }, ownerId: 'Dc' }),
];
const OWNERS = [owner('Da', { name: 'Peachtree Honda' }), owner('Db', { name: 'Midtown Toyota', distanceFromSearch: 3.456 }), owner('Dc')];

function busWith(brand: 'atc' | 'magazine' = 'atc', payments = true): Bus {
  return createBus({
    brand: { brand, flags: { ...defaultFlags(), payments } },
    search: { query: {}, result: result(CARS, OWNERS), status: 'success', requestId: 0, error: null },
  });
}

function renderDrawer(bus: Bus) {
  return render(
    <BusContext.Provider value={bus}>
      <CompareDrawer />
    </BusContext.Provider>,
  );
}

beforeEach(() => sessionStorage.clear());

describe('the comparison', () => {
  it('shows the listings side by side: a column per car, named by its title, a row per value', async () => {
    const bus = busWith();
    renderDrawer(bus);
    for (const car of CARS) act(() => bus.publish('compare:add', { listing: car }));

    const opener = screen.getByRole('button', { name: 'Compare side by side' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: COMPARISON_HEADING });
    const table = within(dialog).getByRole('table', { name: '3 vehicles compared' });

    const columns = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(columns).toEqual(['Vehicle', '2021 Honda Civic EX', '2019 Toyota Camry SE', '2022 Tesla Model 3']);
    expect(within(table).getByRole('link', { name: '2021 Honda Civic EX' })).toHaveAttribute(
      'href',
      '/cars-for-sale/vehicle/a?clickType=listing',
    );
    const rowHeaders = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rowHeaders).toEqual([...COMPARE_ROWS.map((r) => r.label), 'Remove']);

    const row = (label: string) =>
      within(within(table).getByRole('rowheader', { name: label }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Price')).toEqual(['$21,000', '$19,500', 'Contact for price']);
    expect(row('Payment')).toEqual(['$350/mo for 72 months', NOT_LISTED, NOT_LISTED]);
    expect(row('Year')).toEqual(['2021', '2019', '2022']);
    expect(row('Mileage')).toEqual(['12,345 miles', '40,210 miles', '12,345 miles']);
    expect(row('Trim')).toEqual(['EX', NOT_LISTED, NOT_LISTED]);
    expect(row('Engine')).toEqual(['2.0L 4 Cylinder', NOT_LISTED, NOT_LISTED]);
    expect(row('Drive type')).toEqual(['Front Wheel Drive', NOT_LISTED, NOT_LISTED]);
    expect(row('Fuel type')).toEqual(['Gasoline', 'Gasoline', 'Gasoline']);
    expect(row('Fuel economy')).toEqual(['31 city / 40 highway MPG', NOT_LISTED, '272 miles of electric range']);
    expect(row('Colors')).toEqual(['Blue exterior, Black interior', 'Blue exterior, Black interior', 'Blue exterior, Black interior']);
    expect(row('Seller')).toEqual(['Peachtree Honda', 'Midtown Toyota', 'Dealer Dc']);
    expect(row('Distance')).toEqual(['12.35 miles away', '3.46 miles away', '12.35 miles away']);
  });

  it('closes with Escape and gives focus back to the button that opened it', async () => {
    const bus = busWith();
    renderDrawer(bus);
    act(() => bus.publish('compare:add', { listing: CARS[0] }));
    const opener = screen.getByRole('button', { name: 'Compare side by side' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: COMPARISON_HEADING })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(bus.getState().modal.open).toBeNull();
  });

  it('removes a listing from inside the comparison, and closes when none is left', async () => {
    const bus = busWith();
    renderDrawer(bus);
    act(() => bus.publish('compare:add', { listing: CARS[0] }));
    act(() => bus.publish('compare:add', { listing: CARS[1] }));
    await userEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    const dialog = screen.getByRole('dialog', { name: COMPARISON_HEADING });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove 2021 Honda Civic EX from compare' }));
    expect(within(dialog).getByRole('table', { name: '1 vehicle compared' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove 2019 Toyota Camry SE from compare' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bus.getState().compare.items).toEqual([]);
  });

  it('leaves the payment row out where payments are off', async () => {
    const bus = busWith('atc', false);
    renderDrawer(bus);
    act(() => bus.publish('compare:add', { listing: CARS[0] }));
    await userEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    expect(screen.queryByRole('rowheader', { name: 'Payment' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Price' })).toBeInTheDocument();
  });
});

describe('the two readings of the compare button', () => {
  it("search-results' reading: a listing already added stays added", () => {
    const bus = busWith('atc');
    renderDrawer(bus);
    act(() => bus.publish('compare:add', { listing: CARS[0] }));
    act(() => bus.publish('compare:add', { listing: CARS[0] }));
    expect(bus.getState().compare.items.map((i) => i.id)).toEqual(['a']);
  });

  it("page-furniture's reading: a second click removes it; removal events take it out in both", () => {
    const bus = busWith('magazine');
    renderDrawer(bus);
    act(() => bus.publish('compare:add', { listing: CARS[0] }));
    act(() => bus.publish('compare:add', { listing: CARS[1] }));
    act(() => bus.publish('compare:add', { listing: CARS[0] }));
    expect(bus.getState().compare.items.map((i) => i.id)).toEqual(['b']);
    act(() => bus.publish('compare:remove', { listingId: 'b' }));
    expect(bus.getState().compare.items).toEqual([]);
  });
});

describe('the selection remembered for the session', () => {
  it('is written as it changes and comes back after a reload, with every compared value', async () => {
    const first = busWith();
    const page = renderDrawer(first);
    act(() => first.publish('compare:add', { listing: CARS[0] }));
    act(() => first.publish('compare:add', { listing: CARS[1] }));
    expect(readMemory(sessionStorage).map((r) => r.item.id)).toEqual(['a', 'b']);
    page.unmount();

    // A reload: a new bus with nothing selected, and no listing in its search result.
    const again = createBus();
    renderDrawer(again);
    expect(again.getState().compare.items.map((i) => i.id)).toEqual(['a', 'b']);
    await userEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    expect(screen.getByRole('columnheader', { name: '2019 Toyota Camry SE' })).toBeInTheDocument();
    expect(within(screen.getByRole('rowheader', { name: 'Seller' }).closest('tr')!).getAllByRole('cell')[1]).toHaveTextContent(
      'Midtown Toyota',
    );
  });

  it('keeps what is added on the new page beside what was remembered, and forgets what is removed', () => {
    const first = busWith();
    const page = renderDrawer(first);
    act(() => first.publish('compare:add', { listing: CARS[0] }));
    page.unmount();

    const again = busWith();
    renderDrawer(again);
    act(() => again.publish('compare:add', { listing: CARS[2] }));
    expect(again.getState().compare.items.map((i) => i.id)).toEqual(['a', 'c']);
    act(() => again.publish('compare:remove', { listingId: 'a' }));
    expect(readMemory(sessionStorage).map((r) => r.item.id)).toEqual(['c']);
    act(() => again.publish('compare:remove', { listingId: 'c' }));
    expect(sessionStorage.getItem(COMPARE_MEMORY_KEY)).toBeNull();
  });

  it('is not read during render: the server render is the empty drawer whatever the tab remembers', () => {
    const first = busWith();
    const page = renderDrawer(first);
    act(() => first.publish('compare:add', { listing: CARS[0] }));
    page.unmount();
    const html = renderToString(
      <BusContext.Provider value={createBus()}>
        <CompareDrawer />
      </BusContext.Provider>,
    );
    expect(html).toBe('');
  });

  it('reads storage that holds something else, or too much, as what it can use', () => {
    sessionStorage.setItem(COMPARE_MEMORY_KEY, '{not json');
    expect(readMemory(sessionStorage)).toEqual([]);
    sessionStorage.setItem(COMPARE_MEMORY_KEY, JSON.stringify([{ item: { id: 'x' } }, 42, null]));
    expect(readMemory(sessionStorage)).toEqual([]);
    expect(readMemory(undefined)).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readMemory(refusing)).toEqual([]);
  });
});
