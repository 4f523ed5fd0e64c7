import type { ReactNode } from 'react';
import type { SearchSlice } from '@cfs/contracts';
import { useShared } from '@cfs/remote-kit';
import { FILTERS, filterEnabled, type FilterDef } from '../../rules/filter-registry';
import { sourceOptions } from '../../rules/facets';
import { filterHasSelection } from '../../rules/option-click';
import { selectedModelCodes } from '../../rules/make-model';
import { isEmptyValue } from '../../rules/option-click';
import { FilterAccordion } from './FilterAccordion';
import { CheckboxListFilter } from './CheckboxListFilter';
import { SelectFilter } from './SelectFilter';
import { RangeFilter } from './RangeFilter';
import { ToggleFilter } from './ToggleFilter';
import { LocationFilter } from '../LocationFilter';
import { MakeModelFilter } from '../MakeModelFilter';
import { PriceFilter } from '../PriceFilter';

/**
 * Every filter of the registry, in its order, each by its kind's generic control; a filter whose
 * feature flag is off is left out. The custom
 * controls (location, price, make and model) are always open (designed: they are the panel's
 * primary controls and carry their own validation); every other filter is an accordion.
 */
export function RegistryFilters({ search, makes, currentYear }: { search: SearchSlice; makes: string[]; currentYear: number }) {
  const { query } = search;
  const models = selectedModelCodes(query);
  const flags = useShared((s) => s.brand.flags);
  return (
    <div className="flt-filters">
      {FILTERS.map((def) => {
        if (!filterEnabled(def, flags)) return null;
        if (def.requires === 'make' && makes.length === 0) return null;
        if (def.requires === 'model' && models.length === 0) return null;
        return <Filter key={def.id} def={def} search={search} makes={makes} currentYear={currentYear} />;
      })}
    </div>
  );
}

function Filter({ def, search, makes, currentYear }: { def: FilterDef; search: SearchSlice; makes: string[]; currentYear: number }) {
  const { query, result } = search;
  const accordion = (ready: boolean, body: () => ReactNode) => (
    <FilterAccordion label={def.label} hasSelection={filterHasSelection(def, query)} ready={ready}>
      {body}
    </FilterAccordion>
  );
  switch (def.kind) {
    case 'custom':
      if (def.control === 'location') return <LocationFilter query={query} />;
      if (def.control === 'price') return <PriceFilter />;
      return <MakeModelFilter search={search} makes={makes} />;
    case 'toggle':
      return <ToggleFilter def={def} query={query} result={result} />;
    case 'checkbox': {
      const ready = sourceOptions(def.source, result, query, currentYear).length > 0;
      return accordion(ready, () => <CheckboxListFilter def={def} query={query} result={result} currentYear={currentYear} />);
    }
    case 'select': {
      const options = sourceOptions(def.source, result, query, currentYear);
      return accordion(
        options.some((o) => !isEmptyValue(o.value)),
        () => <SelectFilter label={def.label} queryKey={def.key} options={options} query={query} />,
      );
    }
    case 'range': {
      const options = sourceOptions(def.source, result, query, currentYear);
      return accordion(
        options.some((o) => !isEmptyValue(o.value)),
        () => <RangeFilter def={def} options={options} query={query} />,
      );
    }
  }
}
