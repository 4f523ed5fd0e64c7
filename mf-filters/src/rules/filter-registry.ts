/**
 * The filter registry: every filter of the panel in one declarative list (DESIGN 'One home per
 * rule'). Each entry names its query key (the URL parameter), its label as the spec words it,
 * its kind (which generic control renders it), where its options come from, and, by its place in
 * the list, its order in the panel. Adding a filter is one entry here.
 *
 * Spec: search-results §3 'Filters' and page-furniture §3 'Filters by name'; the order follows
 * the spec's list. Options and live counts come from the search result's facets
 * (`result.filters[facet].options`); a filter whose facet the upstream does not answer still
 * renders (a skeleton until options exist).
 */
import type { FeatureFlag, FeatureFlags, ListKey, NumberKey, SearchKey, StringKey } from '@cfs/contracts';

/** The body style subtypes of trucks and of coupes, as the bodyStyleSubtypeCode facet names them. */
export const TRUCK_SUBTYPES = ['COMPACT_TRUCK', 'FULLSIZE_TRUCK', 'HEAVY_DUTY_TRUCK', 'CHASSIS_CAB'] as const;
export const COUPE_SUBTYPES = ['SPORTS_CAR'] as const;

/** A fixed option (value '' or '0' is the 'Any' choice, which removes the value). */
export interface FixedOption {
  value: string;
  label: string;
}

export type OptionSource =
  /**
   * The facet's options, in the facet's order or in `order` (values first, in that order); with
   * `only`, just those values (a slice of a facet shared by several groups).
   */
  | { from: 'facet'; facet: string; order?: readonly string[]; only?: readonly string[] }
  /** Fixed options; live counts from `facet` when the upstream answers it. */
  | { from: 'fixed'; options: readonly FixedOption[]; facet?: string }
  /** Model years: for NEW only the 4 years from two before the current year, plus 'Any' = 0. */
  | { from: 'years'; facet?: string }
  /**
   * The chosen model's package names from the packages lookup (package-names.ts), counted from
   * `facet`; the facet's own options until the lookup answers or when it fails.
   */
  | { from: 'packages'; facet: string };

interface Base {
  /** Unique id (also the accordion's id part). */
  id: string;
  /** The label the spec gives the filter. */
  label: string;
  /** Shown only once a make (or a make and a model) is selected (spec: model and trim filters need a make). */
  requires?: 'make' | 'model';
  /** The feature flag that gates the filter (page-furniture §6): with the flag off the panel leaves it out. */
  flag?: FeatureFlag;
}

/** Several values of one list key; each option a checkbox. */
export interface CheckboxFilter extends Base {
  kind: 'checkbox';
  key: ListKey;
  source: OptionSource;
  /** Options nested under a parent value (body style subtypes): shown while the parent value is selected. */
  subgroups?: readonly { parentValue: string; key: ListKey; label: string; source: OptionSource }[];
}

/** One value of a key, chosen in a select with an 'Any' choice. */
export interface SelectFilter extends Base {
  kind: 'select';
  key: SearchKey;
  source: OptionSource;
}

/** A start and an end value, each a select. */
export interface RangeFilter extends Base {
  kind: 'range';
  keys: readonly [NumberKey, NumberKey];
  /** The two selects' names. */
  ends: readonly [string, string];
  source: OptionSource;
}

/** One value switched on or off (a checkbox). */
export interface ToggleFilter extends Base {
  kind: 'toggle';
  key: StringKey | ListKey;
  /** The value the toggle sets when on. */
  value: string;
  /** Facet with the count of the 'on' value, when the upstream answers it. */
  facet?: string;
}

/** A filter with its own control (validation or several linked selects). */
export interface CustomFilter extends Base {
  kind: 'custom';
  control: 'location' | 'price' | 'make-model';
  /** The query keys it owns (for chips and 'does it hold a selection'). */
  keys: readonly SearchKey[];
}

export type FilterDef = CheckboxFilter | SelectFilter | RangeFilter | ToggleFilter | CustomFilter;

const facet = (name: string, order?: readonly string[]): OptionSource => ({ from: 'facet', facet: name, ...(order && { order }) });

/** Spec (page-furniture §9): "Fuel type order: Electric, Gasoline, Hybrid, Plug-in Hybrid, Diesel, Hydrogen." Others follow. */
export const FUEL_ORDER = ['ELE', 'GSL', 'HYB', 'PIH', 'DSL', 'HYD'] as const;

/** Spec (page-furniture §9): "Truck cab options: Any, 3 or less, 4, 5, 6." */
export const TRUCK_CAB_OPTIONS: readonly FixedOption[] = [
  { value: '', label: 'Any' },
  { value: '3', label: '3 or less' },
  { value: '4', label: '4' },
  { value: '5', label: '5' },
  { value: '6', label: '6' },
];

/** The panel's filters, in panel order. */
export const FILTERS: readonly FilterDef[] = [
  { id: 'location', label: 'Distance', kind: 'custom', control: 'location', keys: ['zip', 'searchRadius'] },
  // designed: next to the distance it widens; the upstream counts the nearby-market listings it adds.
  {
    id: 'marketExtension',
    label: 'Include Nearby Markets',
    kind: 'toggle',
    key: 'marketExtension',
    value: 'include',
    facet: 'marketExtension',
    flag: 'marketExtension',
  },
  { id: 'vehicleUseType', label: 'Vehicle Use Type', kind: 'checkbox', key: 'vehicleUseType', source: facet('vehicleUseType') },
  { id: 'moneyBack', label: 'Money Back Guarantee', kind: 'toggle', key: 'moneyBackGuarantee', value: 'true', facet: 'moneyBackGuarantee' },
  {
    id: 'year',
    label: 'Year',
    kind: 'range',
    keys: ['startYear', 'endYear'],
    ends: ['Start Year', 'End Year'],
    source: { from: 'years', facet: 'yearRange' },
  },
  { id: 'condition', label: 'Condition', kind: 'checkbox', key: 'listingType', source: facet('listingType') },
  { id: 'drive', label: 'Drive Type', kind: 'checkbox', key: 'driveGroup', source: facet('driveGroup') },
  { id: 'price', label: 'Price', kind: 'custom', control: 'price', keys: ['minPrice', 'maxPrice'] },
  { id: 'mileage', label: 'Mileage', kind: 'select', key: 'mileage', source: facet('mileage') },
  {
    id: 'bodyStyle',
    label: 'Body Style',
    kind: 'checkbox',
    key: 'vehicleStyleCode',
    source: facet('vehicleStyleCode'),
    subgroups: [
      { parentValue: 'SUVCROSS', key: 'suvSubtypeCode', label: 'SUV Subtype', source: facet('suvSubtypeCode') },
      { parentValue: 'VANMV', key: 'vanSubtypeCode', label: 'Van Subtype', source: facet('vanSubtypeCode') },
      { parentValue: 'SEDAN', key: 'sedanSubtypeCode', label: 'Sedan Subtype', source: facet('sedanSubtypeCode') },
      // The spec's query keys have no truck or coupe subtype key of their own: their subtypes are
      // the general bodyStyleSubtypeCode facet's, sliced by body style.
      {
        parentValue: 'TRUCKS',
        key: 'bodyStyleSubtypeCode',
        label: 'Truck Subtype',
        source: { from: 'facet', facet: 'bodyStyleSubtypeCode', only: TRUCK_SUBTYPES },
      },
      {
        parentValue: 'COUPE',
        key: 'bodyStyleSubtypeCode',
        label: 'Coupe Subtype',
        source: { from: 'facet', facet: 'bodyStyleSubtypeCode', only: COUPE_SUBTYPES },
      },
    ],
  },
  { id: 'fuel', label: 'Fuel Type', kind: 'checkbox', key: 'fuelTypeGroup', source: facet('fuelTypeGroup', FUEL_ORDER) },
  { id: 'mpg', label: 'Fuel Economy', kind: 'select', key: 'mpgRange', source: facet('mpgRange') },
  { id: 'makeModel', label: 'Make', kind: 'custom', control: 'make-model', keys: ['makeCode', 'modelCode', 'trimCode'] },
  { id: 'series', label: 'Series', kind: 'checkbox', key: 'seriesCode', source: facet('seriesCode'), requires: 'make' },
  {
    id: 'package',
    label: 'Package',
    kind: 'checkbox',
    key: 'packages',
    source: { from: 'packages', facet: 'packages' },
    requires: 'model',
  },
  { id: 'extColor', label: 'Exterior Color', kind: 'checkbox', key: 'extColorSimple', source: facet('extColorSimple') },
  { id: 'intColor', label: 'Interior Color', kind: 'checkbox', key: 'intColorSimple', source: facet('intColorSimple') },
  { id: 'transmission', label: 'Transmission', kind: 'checkbox', key: 'transmissionCode', source: facet('transmissionCode') },
  { id: 'displacement', label: 'Engine Displacement', kind: 'checkbox', key: 'engineDisplacement', source: facet('engineDisplacement') },
  { id: 'cylinders', label: 'Cylinders', kind: 'checkbox', key: 'engineCode', source: facet('engineCode') },
  { id: 'history', label: 'Vehicle History', kind: 'checkbox', key: 'vehicleHistoryType', source: facet('vehicleHistoryType') },
  // designed: the label 'Vehicle Exchange' (the spec names only the key), before home services as in page-furniture §3.
  {
    id: 'vehicleExchange',
    label: 'Vehicle Exchange',
    kind: 'toggle',
    key: 'vehicleExchange',
    value: 'true',
    facet: 'vehicleExchange',
    flag: 'vehicleExchange',
  },
  {
    id: 'homeServices',
    label: 'Dealer Home Services',
    kind: 'checkbox',
    key: 'homeServices',
    source: facet('homeServices'),
    flag: 'homeServices',
  },
  { id: 'features', label: 'Features', kind: 'checkbox', key: 'featureCode', source: facet('featureCode') },
  { id: 'deals', label: 'Best Deals', kind: 'checkbox', key: 'dealType', source: facet('dealType') },
  { id: 'seats', label: 'Number of Seats', kind: 'checkbox', key: 'maximumSeating', source: facet('maximumSeating') },
  { id: 'doors', label: 'Doors', kind: 'checkbox', key: 'doorCode', source: facet('doorCode') },
  { id: 'seller', label: 'Seller Type', kind: 'checkbox', key: 'sellerType', source: facet('sellerType') },
  { id: 'vehicleType', label: 'Vehicle Type', kind: 'checkbox', key: 'vehicleType', source: facet('vehicleType') },
  { id: 'electricRange', label: 'Electric Mile Range', kind: 'select', key: 'electricMileRange', source: facet('electricMileRange') },
  { id: 'bedLength', label: 'Truck Bed Length', kind: 'checkbox', key: 'truckBedLength', source: facet('truckBedLength') },
  {
    id: 'cabSize',
    label: 'Truck Cab Size',
    kind: 'select',
    key: 'truckCabSize',
    source: { from: 'fixed', options: TRUCK_CAB_OPTIONS, facet: 'truckCabSize' },
  },
];

/** Whether the brand's flags let the panel show the filter (one without a flag always shows). */
export function filterEnabled(def: FilterDef, flags: FeatureFlags): boolean {
  return !def.flag || flags[def.flag];
}

export function filterById(id: string): FilterDef | undefined {
  return FILTERS.find((f) => f.id === id);
}

/** Every query key a filter (with its subgroups) writes. */
export function filterKeys(def: FilterDef): SearchKey[] {
  switch (def.kind) {
    case 'checkbox':
      return [def.key, ...(def.subgroups ?? []).map((s) => s.key)];
    case 'select':
    case 'toggle':
      return [def.key];
    case 'range':
      return [...def.keys];
    case 'custom':
      return [...def.keys];
  }
}

/** A group's selected values of its key: a group over a slice of a facet (`only`) holds just its own. */
export function groupValues(values: readonly string[], source: OptionSource): string[] {
  return source.from === 'facet' && source.only ? values.filter((v) => source.only!.includes(v)) : [...values];
}
