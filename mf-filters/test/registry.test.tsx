import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultFlags } from '@cfs/bus';
import type { FeatureFlag, SearchResult } from '@cfs/contracts';
import { FILTERS, filterEnabled } from '../src/rules/filter-registry';
import { actLikeShell, makeBus, renderFilters, RESULT } from './helpers';

/** A result answering facets for most filters (not 'mileage', to see a filter the upstream does not answer yet). */
const FULL: SearchResult = {
  ...RESULT,
  filters: {
    ...RESULT.filters,
    driveGroup: {
      options: [
        { value: 'AWD4WD', label: 'AWD/4WD', count: 300 },
        { value: 'FWD', label: 'Front Wheel Drive', count: 0 },
      ],
    },
    fuelTypeGroup: {
      options: [
        { value: 'GSL', label: 'Gasoline', count: 900 },
        { value: 'DSL', label: 'Diesel', count: 20 },
        { value: 'ELE', label: 'Electric', count: 50 },
        { value: 'ALT', label: 'Alternative Fuel', count: 1 },
        { value: 'HYB', label: 'Hybrid', count: 60 },
        { value: 'HYD', label: 'Hydrogen', count: 2 },
        { value: 'PIH', label: 'Plug-In Hybrid', count: 7 },
      ],
    },
    vehicleStyleCode: {
      options: [
        { value: 'TRUCKS', label: 'Truck', count: 200 },
        { value: 'SUVCROSS', label: 'SUV / Crossover', count: 400 },
      ],
    },
    suvSubtypeCode: { options: [{ value: 'COMPACT_SUV', label: 'Compact SUV', count: 90 }] },
    bodyStyleSubtypeCode: {
      options: [
        { value: 'COMPACT_SUV', label: 'Compact SUV', count: 90 },
        { value: 'FULLSIZE_TRUCK', label: 'Full-Size Truck', count: 120 },
        { value: 'HEAVY_DUTY_TRUCK', label: 'Heavy Duty Truck', count: 30 },
        { value: 'SPORTS_CAR', label: 'Sports Car', count: 15 },
      ],
    },
    truckCabSize: {
      options: [
        { value: '3', label: '3 or less', count: 11 },
        { value: '4', label: '4', count: 12 },
      ],
    },
    featureCode: { options: [{ value: '1071', label: 'Third Row Seat', count: 70 }] },
    moneyBackGuarantee: { options: [{ value: 'true', label: 'Money Back Guarantee', count: 33 }] },
    marketExtension: { options: [{ value: 'include', label: 'Include Nearby Markets', count: 41 }] },
    vehicleExchange: { options: [{ value: 'true', label: 'Vehicle Exchange', count: 58 }] },
    homeServices: { options: [{ value: 'BUY_ONLINE', label: 'Buy Online', count: 64 }] },
  },
};

function expand(name: string) {
  return userEvent.click(screen.getByRole('button', { name }));
}

describe('the filter registry', () => {
  it('renders every filter of the registry with its spec label', () => {
    renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'] }, { result: FULL }));
    const labels = FILTERS.map((f) => f.label);
    expect(labels).toEqual([
      'Distance',
      'Include Nearby Markets',
      'Vehicle Use Type',
      'Money Back Guarantee',
      'Year',
      'Condition',
      'Drive Type',
      'Price',
      'Mileage',
      'Body Style',
      'Fuel Type',
      'Fuel Economy',
      'Make',
      'Series',
      'Package',
      'Exterior Color',
      'Interior Color',
      'Transmission',
      'Engine Displacement',
      'Cylinders',
      'Vehicle History',
      'Vehicle Exchange',
      'Dealer Home Services',
      'Features',
      'Best Deals',
      'Number of Seats',
      'Doors',
      'Seller Type',
      'Vehicle Type',
      'Electric Mile Range',
      'Truck Bed Length',
      'Truck Cab Size',
    ]);
    for (const def of FILTERS) {
      if (def.kind === 'custom') continue;
      if (def.kind === 'toggle') expect(screen.getByRole('checkbox', { name: new RegExp(`^${def.label}`) })).toBeInTheDocument();
      else expect(screen.getByRole('button', { name: def.label, expanded: false })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Distance' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Price' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Make' })).toBeInTheDocument();
  });

  it('shows Series only with a make and Package only with a model', () => {
    renderFilters(makeBus({}, { result: FULL }));
    expect(screen.queryByRole('button', { name: 'Series' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Package' })).not.toBeInTheDocument();
  });
});

/** How each gated filter shows itself in the panel: a toggle by its checkbox, any other by its accordion button. */
const GATED: [FeatureFlag, string, () => HTMLElement | null][] = [
  ['marketExtension', 'Include Nearby Markets', () => screen.queryByRole('checkbox', { name: 'Include Nearby Markets (41)' })],
  ['vehicleExchange', 'Vehicle Exchange', () => screen.queryByRole('checkbox', { name: 'Vehicle Exchange (58)' })],
  ['homeServices', 'Dealer Home Services', () => screen.queryByRole('button', { name: 'Dealer Home Services' })],
];

describe('filters behind a feature flag (page-furniture §6)', () => {
  it.each(GATED.flatMap(([flag, label, find]) => [true, false].map((on) => [flag, on, label, find] as const)))(
    'flag %s %s: the registry and the panel show the filter only with the flag on',
    (flag, on, label, find) => {
      const flags = { ...defaultFlags(), [flag]: on };
      const def = FILTERS.find((f) => f.label === label)!;
      expect(def.flag).toBe(flag);
      expect(filterEnabled(def, flags)).toBe(on);
      // Only its own flag decides: every other filter stays.
      expect(FILTERS.filter((f) => f !== def).every((f) => filterEnabled(f, flags))).toBe(true);
      const bus = makeBus({}, { result: FULL });
      bus.update('brand', { flags });
      renderFilters(bus);
      if (on) expect(find()).toBeInTheDocument();
      else expect(find()).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Drive Type' })).toBeInTheDocument();
    },
  );

  it('a filter without a flag shows whatever the flags', () => {
    const drive = FILTERS.find((f) => f.id === 'drive')!;
    expect(filterEnabled(drive, defaultFlags(false))).toBe(true);
  });

  it('Include Nearby Markets sets and clears marketExtension=include; Vehicle Exchange sets vehicleExchange=true', async () => {
    const bus = makeBus({ zip: '30301', searchRadius: 25 }, { result: FULL });
    actLikeShell(bus);
    const { published } = renderFilters(bus);
    const nearby = screen.getByRole('checkbox', { name: 'Include Nearby Markets (41)' });
    await userEvent.click(nearby);
    act(() => bus.update('search', { status: 'success' }));
    expect(nearby).toBeChecked();
    await userEvent.click(nearby);
    act(() => bus.update('search', { status: 'success' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vehicle Exchange (58)' }));
    expect(published).toEqual([
      { zip: '30301', searchRadius: 25, marketExtension: 'include' },
      { zip: '30301', searchRadius: 25 },
      { zip: '30301', searchRadius: 25, vehicleExchange: 'true' },
    ]);
  });
});

describe('accordions (page-furniture §4)', () => {
  it('start collapsed; expanding shows the options with their counts in the accessible name', async () => {
    renderFilters(makeBus({}, { result: FULL }));
    const button = screen.getByRole('button', { name: 'Drive Type' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'AWD/4WD (300)' })).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'AWD/4WD (300)' })).not.toBeChecked();
    await userEvent.click(button);
    expect(screen.queryByRole('checkbox', { name: 'AWD/4WD (300)' })).not.toBeInTheDocument();
  });

  it('open by themselves when they hold a selection (from the URL or later)', () => {
    const bus = makeBus({ driveGroup: ['AWD4WD'] }, { result: FULL });
    renderFilters(bus);
    expect(screen.getByRole('button', { name: 'Drive Type' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'AWD/4WD (300)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Fuel Type' })).toHaveAttribute('aria-expanded', 'false');
    act(() => bus.update('search', { query: { driveGroup: ['AWD4WD'], fuelTypeGroup: ['ELE'] } }));
    expect(screen.getByRole('button', { name: 'Fuel Type' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('show a skeleton while expanded and the upstream answers no options; the options appear with the next result', async () => {
    const bus = makeBus({}, { result: FULL });
    renderFilters(bus);
    await expand('Mileage');
    expect(screen.getByText('Loading options')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Mileage' })).not.toBeInTheDocument();
    act(() =>
      bus.update('search', {
        result: { ...FULL, filters: { ...FULL.filters, mileage: { options: [{ value: '30000', label: 'Under 30,000', count: 40 }] } } },
      }),
    );
    expect(screen.queryByText('Loading options')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Mileage' })).getByRole('option', { name: 'Under 30,000 (40)' }),
    ).toBeInTheDocument();
  });
});

describe('generic controls', () => {
  it('checkbox list: a click adds the value to the array; the counts follow every search', async () => {
    const bus = makeBus({ driveGroup: ['FWD'], firstRecord: 25 }, { result: FULL });
    const { published } = renderFilters(bus);
    await userEvent.click(screen.getByRole('checkbox', { name: 'AWD/4WD (300)' }));
    expect(published).toEqual([{ driveGroup: ['FWD', 'AWD4WD'], firstRecord: 25 }]);
    act(() =>
      bus.update('search', {
        result: { ...FULL, filters: { ...FULL.filters, driveGroup: { options: [{ value: 'AWD4WD', label: 'AWD/4WD', count: 17 }] } } },
      }),
    );
    expect(screen.getByRole('checkbox', { name: 'AWD/4WD (17)' })).toBeInTheDocument();
  });

  it('after a new sort, a filter the sort did not render applies to the query in force, sort included', async () => {
    const bus = makeBus({ driveGroup: ['FWD'] }, { result: FULL });
    const { published } = renderFilters(bus);
    const box = screen.getByRole('checkbox', { name: 'AWD/4WD (300)' });
    act(() => bus.update('search', { query: { driveGroup: ['FWD'], sortBy: 'derivedpriceASC' }, status: 'loading', requestId: 2 }));
    // The control is the same element, as it was: a sort changes no filter.
    expect(screen.getByRole('checkbox', { name: 'AWD/4WD (300)' })).toBe(box);
    act(() => bus.update('search', { status: 'success' }));
    await userEvent.click(box);
    expect(published).toEqual([{ driveGroup: ['FWD', 'AWD4WD'], sortBy: 'derivedpriceASC' }]);
    // A change that narrows the search shows at once.
    act(() => bus.update('search', { query: { driveGroup: ['AWD4WD'], sortBy: 'derivedpriceASC' }, status: 'loading', requestId: 3 }));
    expect(screen.getByRole('checkbox', { name: 'AWD/4WD (300)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Front Wheel Drive (0)' })).not.toBeChecked();
  });

  it('checkbox list: unchecking the last value removes the key', async () => {
    const { published } = renderFilters(makeBus({ driveGroup: ['FWD'], zip: '30301' }, { result: FULL }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Front Wheel Drive (0)' }));
    expect(published).toEqual([{ zip: '30301' }]);
  });

  it('disables options with a count of 0 or less while a radius is set, not nationwide', async () => {
    renderFilters(makeBus({ searchRadius: 50, zip: '30301' }, { result: FULL }));
    await expand('Drive Type');
    expect(screen.getByRole('checkbox', { name: 'Front Wheel Drive (0)' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'AWD/4WD (300)' })).toBeEnabled();
  });

  it('keeps 0-count checkboxes enabled nationwide', async () => {
    renderFilters(makeBus({}, { result: FULL }));
    await expand('Drive Type');
    expect(screen.getByRole('checkbox', { name: 'Front Wheel Drive (0)' })).toBeEnabled();
  });

  it('fuel type in the spec order: Electric, Gasoline, Hybrid, Plug-in Hybrid, Diesel, Hydrogen, then others', async () => {
    renderFilters(makeBus({}, { result: FULL }));
    await expand('Fuel Type');
    const names = within(screen.getByRole('group', { name: 'Fuel Type' }))
      .getAllByRole('checkbox')
      .map((c) => c.getAttribute('name') ?? c.closest('label')!.textContent);
    expect(names).toEqual([
      'Electric (50)',
      'Gasoline (900)',
      'Hybrid (60)',
      'Plug-In Hybrid (7)',
      'Diesel (20)',
      'Hydrogen (2)',
      'Alternative Fuel (1)',
    ]);
  });

  it('body style: the SUV subtypes show under a selected SUV body style', async () => {
    const { published } = renderFilters(makeBus({ vehicleStyleCode: ['SUVCROSS'] }, { result: FULL }));
    const subtypes = screen.getByRole('group', { name: 'SUV Subtype' });
    await userEvent.click(within(subtypes).getByRole('checkbox', { name: 'Compact SUV (90)' }));
    expect(published).toEqual([{ vehicleStyleCode: ['SUVCROSS'], suvSubtypeCode: ['COMPACT_SUV'] }]);
  });

  it('body style: the truck subtypes the facet answers show under a selected Truck body style, and only those', async () => {
    const { published } = renderFilters(makeBus({ vehicleStyleCode: ['TRUCKS'], bodyStyleSubtypeCode: ['SPORTS_CAR'] }, { result: FULL }));
    const subtypes = screen.getByRole('group', { name: 'Truck Subtype' });
    expect(
      within(subtypes)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Full-Size Truck (120)', 'Heavy Duty Truck (30)']);
    expect(screen.queryByRole('group', { name: 'Coupe Subtype' })).not.toBeInTheDocument();
    await userEvent.click(within(subtypes).getByRole('checkbox', { name: 'Heavy Duty Truck (30)' }));
    expect(published).toEqual([{ vehicleStyleCode: ['TRUCKS'], bodyStyleSubtypeCode: ['SPORTS_CAR', 'HEAVY_DUTY_TRUCK'] }]);
  });

  it("select: Truck Cab Size offers Any, 3 or less, 4, 5, 6 with counts where answered; 'Any' removes it", async () => {
    const { published } = renderFilters(makeBus({ truckCabSize: ['4'] }, { result: FULL }));
    const select = screen.getByRole('combobox', { name: 'Truck Cab Size' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', '3 or less (11)', '4 (12)', '5', '6']);
    expect(select).toHaveValue('4');
    await userEvent.selectOptions(select, '');
    await userEvent.selectOptions(select, '5');
    expect(published).toEqual([{}, { truckCabSize: ['5'] }]);
  });

  it('range: Year start and end; any year of the last decades, with Any', async () => {
    const { published } = renderFilters(makeBus({}, { result: FULL }));
    await expand('Year');
    const year = new Date().getFullYear();
    const start = screen.getByRole('combobox', { name: 'Start Year' });
    expect(within(start).getAllByRole('option')[0]).toHaveTextContent('Any');
    await userEvent.selectOptions(start, String(year - 3));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'End Year' }), String(year));
    expect(published).toEqual([{ startYear: year - 3 }, { endYear: year }]);
  });

  it("range: for NEW only the 4 years from two before the current year, plus 'Any' = 0", async () => {
    renderFilters(makeBus({ listingType: ['NEW'] }, { result: FULL }));
    await expand('Year');
    const year = new Date().getFullYear();
    const options = within(screen.getByRole('combobox', { name: 'Start Year' })).getAllByRole('option');
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['Any', '0'],
      [String(year - 2), String(year - 2)],
      [String(year - 1), String(year - 1)],
      [String(year), String(year)],
      [String(year + 1), String(year + 1)],
    ]);
  });

  it('toggle: Money Back Guarantee with its count sets and clears moneyBackGuarantee', async () => {
    const bus = makeBus({}, { result: FULL });
    actLikeShell(bus);
    const { published } = renderFilters(bus);
    const toggle = screen.getByRole('checkbox', { name: 'Money Back Guarantee (33)' });
    await userEvent.click(toggle);
    act(() => bus.update('search', { status: 'success' }));
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(published).toEqual([{ moneyBackGuarantee: 'true' }, {}]);
  });

  it('every control is reachable and operable from the keyboard (accordion with Enter, checkbox with Space)', async () => {
    const { published } = renderFilters(makeBus({}, { result: FULL }));
    screen.getByRole('button', { name: 'Drive Type' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'AWD/4WD (300)' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(published).toEqual([{ driveGroup: ['AWD4WD'] }]);
  });
});

describe('suggestions', () => {
  it('suggested filters (flag suggestedFilters): the most useful unselected options, one click adds one', async () => {
    const bus = makeBus({}, { result: FULL });
    bus.update('brand', { flags: { ...bus.getState().brand.flags, suggestedFilters: true } });
    const { published } = renderFilters(bus);
    const list = screen.getByRole('list', { name: 'Suggested filters' });
    const first = within(list).getAllByRole('button')[0];
    expect(first).toHaveAccessibleName('Add Gasoline (900)');
    await userEvent.click(first);
    expect(published).toEqual([{ fuelTypeGroup: ['GSL'] }]);
  });

  it('uses the suggestions the search result sends when there are any', async () => {
    const bus = makeBus(
      {},
      {
        result: {
          ...FULL,
          suggestedFilters: [{ name: 'Hybrid', key: 'fuelTypeGroup', codes: ['HYB', 'PIH'], count: 67 }],
        },
      },
    );
    bus.update('brand', { flags: { ...bus.getState().brand.flags, suggestedFilters: true } });
    const { published } = renderFilters(bus);
    await userEvent.click(screen.getByRole('button', { name: 'Add Hybrid (67)' }));
    expect(published).toEqual([{ fuelTypeGroup: ['HYB', 'PIH'] }]);
  });

  it('no suggested filters when the flag is off', () => {
    const bus = makeBus({}, { result: FULL });
    bus.update('brand', { flags: { ...bus.getState().brand.flags, suggestedFilters: false } });
    renderFilters(bus);
    expect(screen.queryByRole('list', { name: 'Suggested filters' })).not.toBeInTheDocument();
  });

  it('trucks: the truck cab size card sets the cab size', async () => {
    const { published } = renderFilters(makeBus({ vehicleStyleCode: ['TRUCKS'] }, { result: FULL }));
    const card = screen.getByRole('region', { name: 'Truck Cab Size' });
    expect(within(card).getByRole('button', { name: 'Any' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(card).getByRole('button', { name: '3 or less' }));
    expect(published).toEqual([{ vehicleStyleCode: ['TRUCKS'], truckCabSize: ['3'] }]);
  });

  it('SUVs: the third-row card adds the third-row feature', async () => {
    const { published } = renderFilters(makeBus({ vehicleStyleCode: ['SUVCROSS'] }, { result: FULL }));
    const card = screen.getByRole('region', { name: 'Need a third row?' });
    await userEvent.click(within(card).getByRole('button', { name: 'Show SUVs with Third Row Seat' }));
    expect(published).toEqual([{ vehicleStyleCode: ['SUVCROSS'], featureCode: ['1071'] }]);
  });

  it('no card without the referenceFilters flag', () => {
    const bus = makeBus({ vehicleStyleCode: ['TRUCKS'] }, { result: FULL });
    bus.update('brand', { flags: { ...bus.getState().brand.flags, referenceFilters: false } });
    renderFilters(bus);
    expect(screen.queryByRole('region', { name: 'Truck Cab Size' })).not.toBeInTheDocument();
  });

  it('no card without trucks or SUVs', () => {
    renderFilters(makeBus({}, { result: FULL }));
    expect(screen.queryByRole('region', { name: 'Truck Cab Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Need a third row?' })).not.toBeInTheDocument();
  });
});
