import type { SearchQuery } from '@cfs/contracts';
import { FILTERS, type CheckboxFilter } from '../src/rules/filter-registry';
import { filterHasSelection, parentKey, selectedValues, setOption, toggleFilterValue, toggleOption } from '../src/rules/option-click';

const bodyStyle = FILTERS.find((f) => f.id === 'bodyStyle') as CheckboxFilter;

describe('option click rules (page-furniture §4)', () => {
  it.each<[string, SearchQuery, string, string, boolean, SearchQuery]>([
    ['adds a value to a multi-value array', { driveGroup: ['FWD'] }, 'driveGroup', 'AWD4WD', true, { driveGroup: ['FWD', 'AWD4WD'] }],
    ['starts the array', {}, 'fuelTypeGroup', 'ELE', true, { fuelTypeGroup: ['ELE'] }],
    ['does not repeat a value', { fuelTypeGroup: ['ELE'] }, 'fuelTypeGroup', 'ELE', true, { fuelTypeGroup: ['ELE'] }],
    ['removes a value on off', { driveGroup: ['FWD', 'RWD'] }, 'driveGroup', 'FWD', false, { driveGroup: ['RWD'] }],
    ['removes the key when the array is empty', { driveGroup: ['FWD'], zip: '30301' }, 'driveGroup', 'FWD', false, { zip: '30301' }],
    ['sets a one-value key on', {}, 'moneyBackGuarantee', 'true', true, { moneyBackGuarantee: 'true' }],
    ['removes a one-value key on off', { moneyBackGuarantee: 'true' }, 'moneyBackGuarantee', 'true', false, {}],
    [
      'merges a pipe-keyed value into the parent key',
      { modelCode: ['CAMRY'] },
      'modelCode|FORD',
      'F150',
      true,
      { modelCode: ['CAMRY', 'F150'] },
    ],
    [
      'removes a pipe-keyed value from the parent key',
      { modelCode: ['CAMRY', 'F150'] },
      'modelCode|FORD',
      'F150',
      false,
      { modelCode: ['CAMRY'] },
    ],
  ])('toggle: %s', (_name, q, key, value, on, expected) => {
    expect(toggleOption(q, key, value, on)).toEqual(expected);
  });

  it.each<[string, SearchQuery, string, string, string[], SearchQuery]>([
    ['sets a number key from a select', {}, 'mileage', '30000', [], { mileage: 30000 }],
    ['removes a number key on the empty choice', { mileage: 30000 }, 'mileage', '', [], {}],
    ["removes a year on 'Any' = 0", { startYear: 2020 }, 'startYear', '0', [], {}],
    ['sets a string key', {}, 'mpgRange', '30-39', [], { mpgRange: '30-39' }],
    ['replaces a list key with one value', { truckCabSize: ['3'] }, 'truckCabSize', '5', [], { truckCabSize: ['5'] }],
    ['removes a list key on the empty choice', { truckCabSize: ['3'] }, 'truckCabSize', '', [], {}],
    [
      'replaces only its group within the parent key (pipe key)',
      { modelCode: ['CAMRY', 'F150'] },
      'modelCode|FORD',
      'MUST',
      ['F150', 'MUST'],
      { modelCode: ['CAMRY', 'MUST'] },
    ],
    [
      'removes its group on the empty choice (pipe key)',
      { modelCode: ['CAMRY', 'F150'] },
      'modelCode|FORD',
      '',
      ['F150', 'MUST'],
      { modelCode: ['CAMRY'] },
    ],
    ['removes the parent key when nothing is left', { modelCode: ['F150'] }, 'modelCode|FORD', '', ['F150'], {}],
  ])('select: %s', (_name, q, key, value, group, expected) => {
    expect(setOption(q, key, value, group)).toEqual(expected);
  });

  it('reads the parent of a pipe key', () => {
    expect(parentKey('modelCode|FORD')).toBe('modelCode');
    expect(parentKey('driveGroup')).toBe('driveGroup');
  });

  it('reads selected values of every key type as strings', () => {
    const q: SearchQuery = { driveGroup: ['FWD'], mileage: 30000, mpgRange: '30-39' };
    expect(selectedValues(q, 'driveGroup')).toEqual(['FWD']);
    expect(selectedValues(q, 'mileage')).toEqual(['30000']);
    expect(selectedValues(q, 'mpgRange')).toEqual(['30-39']);
    expect(selectedValues(q, 'fuelTypeGroup')).toEqual([]);
  });

  it('turning a body style off also clears the subtypes nested under it, and only those', () => {
    const q: SearchQuery = { vehicleStyleCode: ['SUVCROSS', 'SEDAN'], suvSubtypeCode: ['COMPACT_SUV'], sedanSubtypeCode: ['SPORT_SEDAN'] };
    expect(toggleFilterValue(q, bodyStyle, 'vehicleStyleCode', 'SUVCROSS', false)).toEqual({
      vehicleStyleCode: ['SEDAN'],
      sedanSubtypeCode: ['SPORT_SEDAN'],
    });
    expect(toggleFilterValue(q, bodyStyle, 'suvSubtypeCode', 'COMPACT_SUV', false)).toEqual({
      vehicleStyleCode: ['SUVCROSS', 'SEDAN'],
      sedanSubtypeCode: ['SPORT_SEDAN'],
    });
  });

  it('truck and coupe subtypes share the general subtype key: turning Truck off clears only the truck subtypes', () => {
    const q: SearchQuery = { vehicleStyleCode: ['TRUCKS', 'COUPE'], bodyStyleSubtypeCode: ['FULLSIZE_TRUCK', 'SPORTS_CAR'] };
    expect(toggleFilterValue(q, bodyStyle, 'vehicleStyleCode', 'TRUCKS', false)).toEqual({
      vehicleStyleCode: ['COUPE'],
      bodyStyleSubtypeCode: ['SPORTS_CAR'],
    });
  });

  it('a filter holds a selection when any of its keys (or subgroups) has a value', () => {
    expect(filterHasSelection(bodyStyle, { suvSubtypeCode: ['COMPACT_SUV'] })).toBe(true);
    expect(filterHasSelection(bodyStyle, { driveGroup: ['FWD'] })).toBe(false);
    const year = FILTERS.find((f) => f.id === 'year')!;
    expect(filterHasSelection(year, { endYear: 2022 })).toBe(true);
  });
});
