import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cfs/contracts';
import { makeBus, mockFetch, renderFilters } from './helpers';

describe('Sort by', () => {
  it('offers every sort value of the spec and selects relevance by default', () => {
    renderFilters(makeBus({}));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('relevance');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual([
      ['relevance', 'Relevance'],
      ['derivedpriceASC', 'Price: Low to High'],
      ['derivedpriceDESC', 'Price: High to Low'],
      ['distanceASC', 'Distance: Nearest first'],
      ['datelistedASC', 'Date listed: Oldest first'],
      ['datelistedDESC', 'Date listed: Newest first'],
      ['mileageASC', 'Mileage: Low to High'],
      ['mileageDESC', 'Mileage: High to Low'],
      ['yearASC', 'Year: Oldest first'],
      ['yearDESC', 'Year: Newest first'],
    ]);
  });

  it("selects the query's sortBy and publishes a new one (the shell resets paging)", async () => {
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], sortBy: 'yearDESC', firstRecord: 24 }));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('yearDESC');
    await userEvent.selectOptions(sort, 'Price: Low to High');
    expect(published).toEqual([{ makeCode: ['FORD'], sortBy: 'derivedpriceASC', firstRecord: 24 }]);
  });

  describe.each([
    ['relevance', 'Relevance'],
    ['derivedpriceDESC', 'Price: High to Low'],
  ] as const)('with %s as the default sort in force', (defaultSort, label) => {
    it("shows the default sort while the query has no sortBy, and the query's sortBy otherwise", () => {
      const bus = makeBus({ makeCode: ['FORD'] }, { defaultSort });
      renderFilters(bus);
      const sort = screen.getByRole('combobox', { name: 'Sort by' });
      expect(sort).toHaveDisplayValue(label);
      act(() => bus.update('search', { query: { makeCode: ['FORD'], sortBy: 'yearDESC' } }));
      expect(sort).toHaveDisplayValue('Year: Newest first');
      act(() => bus.update('search', { query: {} }));
      expect(sort).toHaveDisplayValue(label);
    });

    it('publishes the other default sort when chosen', async () => {
      const { published } = renderFilters(makeBus({ makeCode: ['FORD'] }, { defaultSort }));
      const other = defaultSort === 'relevance' ? 'Price: High to Low' : 'Relevance';
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), other);
      expect(published).toEqual([{ makeCode: ['FORD'], sortBy: defaultSort === 'relevance' ? 'derivedpriceDESC' : 'relevance' }]);
    });
  });
});

describe('ZIP Code', () => {
  afterEach(() => {
    delete (global as { fetch?: unknown }).fetch;
  });

  it('refuses a ZIP that is not 5 digits: message tied to the input, no server call, nothing published', async () => {
    const fetch = mockFetch(200);
    const { published } = renderFilters(makeBus({}));
    const zip = screen.getByRole('textbox', { name: 'ZIP Code' });
    await userEvent.type(zip, '3030{Enter}');
    expect(await screen.findByText(MESSAGES.invalidZip)).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(MESSAGES.invalidZip);
    expect(fetch).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });

  it('refuses a ZIP the server does not know (404) and publishes nothing', async () => {
    const fetch = mockFetch(404);
    const { published } = renderFilters(makeBus({}));
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '00000');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MESSAGES.invalidZip)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/geo/zip/00000', expect.anything());
    expect(published).toEqual([]);
  });

  it('treats a failed server check as invalid', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('network down');
    }) as unknown as typeof fetch;
    const { published } = renderFilters(makeBus({}));
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '30301{Enter}');
    expect(await screen.findByText(MESSAGES.invalidZip)).toBeInTheDocument();
    expect(published).toEqual([]);
  });

  it('publishes a valid ZIP after the server check (the shell resets paging)', async () => {
    const fetch = mockFetch(200);
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], firstRecord: 24 }));
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '30301{Enter}');
    expect(fetch).toHaveBeenCalledWith('/geo/zip/30301', expect.anything());
    expect(published).toEqual([{ makeCode: ['FORD'], zip: '30301', firstRecord: 24 }]);
    expect(screen.queryByText(MESSAGES.invalidZip)).not.toBeInTheDocument();
  });

  it('clears the message when the shopper edits the ZIP', async () => {
    mockFetch(200);
    renderFilters(makeBus({}));
    const zip = screen.getByRole('textbox', { name: 'ZIP Code' });
    await userEvent.type(zip, '123{Enter}');
    expect(await screen.findByText(MESSAGES.invalidZip)).toBeInTheDocument();
    await userEvent.type(zip, '4');
    expect(screen.queryByText(MESSAGES.invalidZip)).not.toBeInTheDocument();
    expect(zip).not.toHaveAttribute('aria-invalid');
  });
});

describe('Distance', () => {
  it('offers the radius choices, shows the current one and publishes a new one', async () => {
    const { published } = renderFilters(makeBus({ zip: '30301', searchRadius: 50 }));
    const distance = screen.getByRole('combobox', { name: 'Distance' });
    expect(distance).toHaveValue('50');
    expect(
      within(distance)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10 miles', '25 miles', '50 miles', '75 miles', '100 miles', 'Nationwide']);
    await userEvent.selectOptions(distance, 'Nationwide');
    expect(published).toEqual([{ zip: '30301', searchRadius: 0 }]);
  });

  it("remembers the shopper's choice in the radius cookie (page-furniture §9), which the next page load without a radius uses", async () => {
    // (Written for the page's path, so read here as it is set.)
    const written = jest.spyOn(document, 'cookie', 'set');
    renderFilters(makeBus({ zip: '30301', searchRadius: 50 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '25 miles');
    expect(written).toHaveBeenCalledWith(expect.stringMatching(/^cfs_search_radius=25; Path=\/cars-for-sale; /));
    written.mockRestore();
  });

  it('shows a radius of 100 or more as 100, and keeps another value below 100', () => {
    const { unmount } = renderFilters(makeBus({ searchRadius: 500 }));
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('100');
    unmount();
    renderFilters(makeBus({ searchRadius: 30 }));
    expect(screen.getByRole('option', { name: '30 miles' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('30');
  });
});
