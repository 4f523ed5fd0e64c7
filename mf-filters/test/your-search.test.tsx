import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { actLikeShell, makeBus, mockFetch, renderFilters } from './helpers';

describe('Your Search card', () => {
  it('shows the heading and the result count in a live region', () => {
    renderFilters(makeBus({}));
    const card = screen.getByRole('region', { name: 'Your Search' });
    expect(within(card).getByRole('heading', { name: 'Your Search' })).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('1,234 Results');
  });

  it("counts in the brand's words: the Ford certified-used variant counts certified used vehicles where it is true", () => {
    const bus = makeBus({ listingType: ['CERTIFIED'] });
    bus.update('brand', { brand: 'ford' });
    renderFilters(bus);
    const card = screen.getByRole('region', { name: 'Your Search' });
    expect(within(card).getByRole('status')).toHaveTextContent('1,234 Certified Used Vehicles');
    act(() => bus.update('search', { query: { listingType: ['NEW'] } }));
    expect(within(card).getByRole('status')).toHaveTextContent('1,234 Results');
  });

  it('shows a chip for the make, model and ZIP, in the panel filter order, each with a remove button', () => {
    renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'], zip: '30301' }));
    const chips = screen.getByRole('list', { name: 'Selected filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ZIP 30301', 'Ford', 'F-150']);
    expect(screen.getByRole('button', { name: 'Remove Ford' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove F-150' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove ZIP 30301' })).toBeInTheDocument();
  });

  it('removing the make chip removes the make and its model', async () => {
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'], zip: '30301', firstRecord: 24 }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ford' }));
    // The change as it is: the shell resets paging when it runs the search.
    expect(published).toEqual([{ zip: '30301', firstRecord: 24 }]);
    expect(screen.getByRole('heading', { name: 'Your Search' })).toHaveFocus();
  });

  it('removing the model chip keeps the make; removing the ZIP chip keeps the rest', async () => {
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'], zip: '30301' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove F-150' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove ZIP 30301' }));
    expect(published).toEqual([
      { makeCode: ['FORD'], zip: '30301' },
      { makeCode: ['FORD'], modelCode: ['F150'] },
    ]);
  });

  it('a removed chip disappears once the shell applies the new query, and the ZIP field follows', async () => {
    const bus = makeBus({ makeCode: ['FORD'], zip: '30301' });
    actLikeShell(bus);
    renderFilters(bus);
    expect(screen.getByRole('textbox', { name: 'ZIP Code' })).toHaveValue('30301');
    await userEvent.click(screen.getByRole('button', { name: 'Remove ZIP 30301' }));
    expect(screen.queryByRole('button', { name: 'Remove ZIP 30301' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ZIP Code' })).toHaveValue('');
  });

  it('hides the chips when the filterChips flag is off', () => {
    const bus = makeBus({ makeCode: ['FORD'] });
    bus.update('brand', { flags: { ...bus.getState().brand.flags, filterChips: false } });
    renderFilters(bus);
    expect(screen.queryByRole('list', { name: 'Selected filters' })).not.toBeInTheDocument();
  });

  it('Clear Filters clears everything except the search radius, the sort too, and runs a new search', async () => {
    const { published } = renderFilters(
      makeBus({
        zip: '30301',
        searchRadius: 75,
        makeCode: ['FORD'],
        modelCode: ['F150'],
        listingType: ['CERTIFIED'],
        experience: 'best-deals',
        maxPrice: 30000,
        sortBy: 'derivedpriceASC',
        firstRecord: 24,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(published).toEqual([{ searchRadius: 75 }]);
  });
});

describe("the card's Save Search", () => {
  it('asks the alerts remote to save this search, and follows the save on the bus', async () => {
    const bus = makeBus({ makeCode: ['FORD'] });
    const asked: unknown[] = [];
    bus.on('alerts:save-search', (e) => asked.push(e));
    renderFilters(bus);
    const card = screen.getByRole('region', { name: 'Your Search' });
    await userEvent.click(within(card).getByRole('button', { name: 'Save Search' }));
    expect(asked).toEqual([{ query: { makeCode: ['FORD'] } }]);

    // Saving: the button stays and does nothing more.
    act(() => bus.update('savedSearch', { status: 'saving' }));
    expect(within(card).getByRole('button', { name: 'Save Search' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Search' }));
    act(() => bus.update('savedSearch', { status: 'saved' }));
    expect(within(card).getByRole('button', { name: 'Search Saved' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(card).getByRole('button', { name: 'Search Saved' }));
    // Refused or failed: it can be asked again.
    act(() => bus.update('savedSearch', { status: 'error' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save Search' }));
    expect(asked).toHaveLength(2);
  });

  it('is not offered when the saveSearch flag is off', () => {
    const bus = makeBus({});
    bus.update('brand', { flags: { ...bus.getState().brand.flags, saveSearch: false } });
    renderFilters(bus);
    expect(
      within(screen.getByRole('region', { name: 'Your Search' })).queryByRole('button', { name: 'Save Search' }),
    ).not.toBeInTheDocument();
  });
});

describe('a change while a search is in flight', () => {
  afterEach(() => {
    delete (global as { fetch?: unknown }).fetch;
  });

  it('is ignored: nothing is published for make, sort, distance, ZIP, chips or Clear Filters', async () => {
    mockFetch(200);
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], zip: '30301' }, { status: 'loading' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'TOYOTA');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'yearDESC');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '25');
    const zip = screen.getByRole('textbox', { name: 'ZIP Code' });
    await userEvent.clear(zip);
    await userEvent.type(zip, '10001{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ford' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(published).toEqual([]);
  });

  it('publishes only the first of two quick changes (the shell marks the first as loading)', async () => {
    const bus = makeBus({});
    actLikeShell(bus);
    const { published } = renderFilters(bus);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'FORD');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'yearDESC');
    expect(published).toEqual([{ makeCode: ['FORD'] }]);
    // Once the search settles, changes apply again.
    act(() => bus.update('search', { status: 'success' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'yearDESC');
    expect(published).toEqual([{ makeCode: ['FORD'] }, { makeCode: ['FORD'], sortBy: 'yearDESC' }]);
  });
});
