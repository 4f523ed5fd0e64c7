import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@cfs/contracts';
import { resetReference } from '../src/rules/vehicle-reference';
import { actLikeShell, makeBus, renderFilters, RESULT } from './helpers';

const MAKES: SearchResult = {
  ...RESULT,
  filters: {
    makeCode: {
      options: ['FORD', 'TOYOTA', 'HONDA', 'BMW', 'AUDI', 'KIA'].map((value, i) => ({
        value,
        label: value[0] + value.slice(1).toLowerCase(),
        count: 100 - i,
      })),
    },
    modelCode: {
      options: [
        { value: 'F150', label: 'F-150', count: 12 },
        { value: 'MUST', label: 'Mustang', count: 5 },
        { value: 'CAMRY', label: 'Camry', count: 9 },
      ],
    },
    trimCode: {
      options: [
        { value: 'XLT', label: 'XLT', count: 4 },
        { value: 'LARIAT', label: 'Lariat', count: 3 },
        { value: 'LE', label: 'LE', count: 0 },
      ],
    },
    driveGroup: { options: [{ value: 'FWD', label: 'Front Wheel Drive', count: 7 }] },
  },
};

/** The reference lookup: models with their make, trims of F-150. */
function mockReference() {
  const fn = jest.fn(async (url: string) => {
    const body = url.includes('category=trim')
      ? { trims: [{ code: 'XLT' }, { code: 'LARIAT' }] }
      : {
          models: [
            { makeCode: 'FORD', code: 'F150' },
            { makeCode: 'FORD', code: 'MUST' },
            { makeCode: 'TOYOTA', code: 'CAMRY' },
          ],
        };
    return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) };
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
  resetReference();
});

describe('Make, Model and Trim', () => {
  it("'Add Another Make' shows an empty make selector; choosing a make there adds it", async () => {
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'] }, { result: MAKES }));
    expect(screen.queryByRole('combobox', { name: 'Make 2' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Another Make' }));
    const second = screen.getByRole('combobox', { name: 'Make 2' });
    expect(second).toHaveValue('');
    expect(second).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add Another Make' })).not.toBeInTheDocument();
    // The first make is not offered again.
    expect(within(second).queryByRole('option', { name: /^Ford/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(second, 'TOYOTA');
    expect(published).toEqual([{ makeCode: ['FORD', 'TOYOTA'], modelCode: ['F150'] }]);
  });

  it('allows at most 5 makes: no Add Another Make at five', () => {
    renderFilters(makeBus({ makeCode: ['FORD', 'TOYOTA', 'HONDA', 'BMW', 'AUDI'] }, { result: MAKES }));
    for (const n of ['Make', 'Make 2', 'Make 3', 'Make 4', 'Make 5']) expect(screen.getByRole('combobox', { name: n })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Another Make' })).not.toBeInTheDocument();
  });

  it('offers Add Another Make only once a make is chosen', () => {
    renderFilters(makeBus({}, { result: MAKES }));
    expect(screen.queryByRole('button', { name: 'Add Another Make' })).not.toBeInTheDocument();
  });

  it('each make has its own Model select with that make’s models (reference lookup) and counts', async () => {
    mockReference();
    renderFilters(makeBus({ makeCode: ['FORD', 'TOYOTA'], modelCode: ['CAMRY'] }, { result: MAKES }));
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Model' })).queryByRole('option', { name: 'Camry (9)' })).not.toBeInTheDocument(),
    );
    const fordModels = within(screen.getByRole('combobox', { name: 'Model' })).getAllByRole('option');
    expect(fordModels.map((o) => o.textContent)).toEqual(['Any Model', 'F-150 (12)', 'Mustang (5)']);
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Model 2' })).toHaveValue('CAMRY');
  });

  it("a model chosen for one make keeps the other make's model (pipe key merged into modelCode)", async () => {
    mockReference();
    const { published } = renderFilters(makeBus({ makeCode: ['FORD', 'TOYOTA'], modelCode: ['CAMRY'] }, { result: MAKES }));
    const model = screen.getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(within(model).queryByRole('option', { name: 'Camry (9)' })).not.toBeInTheDocument());
    await userEvent.selectOptions(model, 'F150');
    expect(published).toEqual([{ makeCode: ['FORD', 'TOYOTA'], modelCode: ['CAMRY', 'F150'] }]);
  });

  it('Trim is enabled only with a make and a model, and offers only that model’s trims', async () => {
    mockReference();
    const { unmount } = renderFilters(makeBus({}, { result: MAKES }));
    expect(screen.getByRole('combobox', { name: 'Trim' })).toBeDisabled();
    unmount();
    const { unmount: u2 } = renderFilters(makeBus({ makeCode: ['FORD'] }, { result: MAKES }));
    expect(screen.getByRole('combobox', { name: 'Trim' })).toBeDisabled();
    u2();
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'] }, { result: MAKES }));
    const trim = screen.getByRole('combobox', { name: 'Trim' });
    expect(trim).toBeEnabled();
    await waitFor(() =>
      expect(
        within(trim)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any Trim', 'XLT (4)', 'Lariat (3)']),
    );
    await userEvent.selectOptions(trim, 'LARIAT');
    expect(published).toEqual([{ makeCode: ['FORD'], modelCode: ['F150'], trimCode: ['LARIAT'] }]);
  });

  it("'Any Make' on the second make removes it and its models only", async () => {
    mockReference();
    const { published } = renderFilters(makeBus({ makeCode: ['FORD', 'TOYOTA'], modelCode: ['F150', 'CAMRY'] }, { result: MAKES }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model 2' })).toHaveValue('CAMRY'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make 2' }), '');
    expect(published).toEqual([{ makeCode: ['FORD'], modelCode: ['F150'] }]);
  });

  it('Model and Trim follow the shell: a newly chosen make enables Model once its search settles', async () => {
    const bus = makeBus({}, { result: MAKES });
    actLikeShell(bus);
    renderFilters(bus);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'FORD');
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    act(() => bus.update('search', { status: 'success' }));
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add Another Make' })).toBeInTheDocument();
  });
});

describe('chips for every selected value', () => {
  it('show each filter value with its label and remove it', async () => {
    const year = new Date().getFullYear();
    const { published } = renderFilters(
      makeBus(
        {
          driveGroup: ['FWD'],
          startYear: year - 2,
          minPrice: 10000,
          maxPrice: 12000,
          truckCabSize: ['3'],
          moneyBackGuarantee: 'true',
          makeCode: ['FORD'],
          modelCode: ['F150'],
          trimCode: ['XLT'],
          searchRadius: 50,
          zip: '30301',
        },
        { result: MAKES },
      ),
    );
    const chips = within(screen.getByRole('list', { name: 'Selected filters' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(chips).toEqual([
      'ZIP 30301',
      'Money Back Guarantee',
      `Year: ${year - 2} and up`,
      'Front Wheel Drive',
      'Price: $10,000 – $12,000',
      'Ford',
      'F-150',
      'XLT',
      'Truck Cab Size: 3 or less',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Front Wheel Drive' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Price: $10,000 – $12,000' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Truck Cab Size: 3 or less' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove XLT' }));
    expect(published.map((q) => Object.keys(q).sort())).toEqual([
      expect.not.arrayContaining(['driveGroup']),
      expect.not.arrayContaining(['minPrice', 'maxPrice']),
      expect.not.arrayContaining(['truckCabSize']),
      expect.not.arrayContaining(['trimCode']),
    ]);
    expect(published[0]).toMatchObject({ searchRadius: 50, zip: '30301', makeCode: ['FORD'], truckCabSize: ['3'] });
    expect(published[3]).toMatchObject({ makeCode: ['FORD'], modelCode: ['F150'], driveGroup: ['FWD'] });
  });

  it('Clear Filters keeps the radius and clears every registry filter', async () => {
    const { published } = renderFilters(
      makeBus(
        { driveGroup: ['FWD'], moneyBackGuarantee: 'true', truckCabSize: ['3'], startYear: 2020, searchRadius: 25 },
        { result: MAKES },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(published).toEqual([{ searchRadius: 25 }]);
  });
});
