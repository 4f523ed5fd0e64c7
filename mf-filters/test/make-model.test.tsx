import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { actLikeShell, makeBus, renderFilters, RESULT } from './helpers';

describe('Make and Model', () => {
  it('offers a Trim select per row with the singleMakeModelTrim flag, makes and models only without it', () => {
    renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'] }));
    expect(screen.getByRole('combobox', { name: 'Trim' })).toBeInTheDocument();
    const off = makeBus({ makeCode: ['FORD'], modelCode: ['F150'] });
    off.update('brand', { flags: { ...off.getState().brand.flags, singleMakeModelTrim: false } });
    document.body.innerHTML = '';
    renderFilters(off);
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Trim' })).not.toBeInTheDocument();
  });

  it('keeps Model disabled until a make is selected', () => {
    renderFilters(makeBus({}));
    expect(screen.getByRole('combobox', { name: 'Make' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
  });

  it('lists makes from the facet counts with the count in the option text, Any Make first', () => {
    renderFilters(makeBus({}));
    const make = screen.getByRole('combobox', { name: 'Make' });
    const options = within(make).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Any Make', 'Ford (120)', 'Toyota (80)', 'Saab (0)']);
    expect(make).toHaveValue('');
  });

  it('choosing a make publishes filters:changed with makeCode [X] and clears the model', async () => {
    const { published } = renderFilters(
      makeBus({ zip: '30301', makeCode: ['TOYOTA'], modelCode: ['CAMRY'], trimCode: ['LE'], firstRecord: 48 }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'FORD');
    expect(published).toHaveLength(1);
    // The change as it is: the shell resets paging when it runs the search.
    expect(published[0]).toEqual({ zip: '30301', makeCode: ['FORD'], firstRecord: 48 });
    expect(published[0]).not.toHaveProperty('modelCode');
  });

  it('choosing Any Make removes the make and its model', async () => {
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], modelCode: ['F150'], sortBy: 'yearDESC' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make' }), '');
    expect(published).toEqual([{ sortBy: 'yearDESC' }]);
  });

  it('shows the model options of the result once a make is selected, and a model choice publishes modelCode', async () => {
    const { published } = renderFilters(makeBus({ makeCode: ['FORD'], firstRecord: 24 }));
    const model = screen.getByRole('combobox', { name: 'Model' });
    expect(model).toBeEnabled();
    expect(within(model).getByRole('option', { name: 'F-150 (12)' })).toBeInTheDocument();
    expect(within(model).getByRole('option', { name: 'Mustang (5)' })).toBeInTheDocument();
    await userEvent.selectOptions(model, 'F150');
    expect(published).toEqual([{ makeCode: ['FORD'], modelCode: ['F150'], firstRecord: 24 }]);
  });

  it('keeps Model disabled while the search for a newly chosen make loads, then offers its models', async () => {
    const bus = makeBus({});
    actLikeShell(bus);
    renderFilters(bus);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'FORD');
    // The shell took the query: Make shows Ford, but the model options still belong to the old result.
    expect(screen.getByRole('combobox', { name: 'Make' })).toHaveValue('FORD');
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    act(() => bus.update('search', { status: 'success', result: RESULT }));
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeEnabled();
  });

  it('disables options whose count is 0 or less while a radius is set', () => {
    renderFilters(makeBus({ makeCode: ['FORD'], searchRadius: 50, zip: '30301' }));
    expect(screen.getByRole('option', { name: 'Saab (0)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'GT (0)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Ford (120)' })).toBeEnabled();
  });

  it('keeps zero-count options enabled when nationwide', () => {
    renderFilters(makeBus({ searchRadius: 0 }));
    expect(screen.getByRole('option', { name: 'Saab (0)' })).toBeEnabled();
  });

  it('records an error when the make filter value is not an array', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderFilters(makeBus({ makeCode: 'FORD' as unknown as string[] }));
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('make filter value is not an array'), 'FORD');
    // The panel still works with the one make.
    expect(screen.getByRole('combobox', { name: 'Make' })).toHaveValue('FORD');
    spy.mockRestore();
  });
});
