import { memo } from 'react';
import type { SearchQuery, PageSearchResult, SearchSlice } from '@cfs/contracts';
import { sameNarrowing } from '@cfs/search-query';
import { useKeptWhile, useShared } from '@cfs/remote-kit';
import { FILTERS, filterEnabled, type FilterDef } from '../../rules/filter-registry';
import { sameFacets, sourceOptions } from '../../rules/facets';
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
 *
 * The generic controls are memoised on the query and the result as they read them: the query
 * stays the same object while only the sort or the page changes (their changes read the bus's
 * query when made), the result while its facets are the same. A new sort renders none of them.
 */
export function RegistryFilters({ search, makes, currentYear }: { search: SearchSlice; makes: string[]; currentYear: number }) {
  const { query, result } = search;
  const models = selectedModelCodes(query);
  const flags = useShared((s) => s.brand.flags);
  const narrowing = useKeptWhile(query, sameNarrowing);
  const facets = useKeptWhile(result, sameFacets);
  return (
    <div className="flt-filters">
      {FILTERS.map((def) => {
        if (!filterEnabled(def, flags)) return null;
        if (def.requires === 'make' && makes.length === 0) return null;
        if (def.requires === 'model' && models.length === 0) return null;
        if (def.kind === 'custom') return <CustomFilter key={def.id} def={def} search={search} makes={makes} />;
        return <RegistryFilter key={def.id} def={def} query={narrowing} result={facets} currentYear={currentYear} />;
      })}
    </div>
  );
}

function CustomFilter({ def, search, makes }: { def: Extract<FilterDef, { kind: 'custom' }>; search: SearchSlice; makes: string[] }) {
  if (def.control === 'location') return <LocationFilter query={search.query} />;
  if (def.control === 'price') return <PriceFilter />;
  return <MakeModelFilter search={search} makes={makes} />;
}

type RegistryFilterProps = {
  def: Exclude<FilterDef, { kind: 'custom' }>;
  query: SearchQuery;
  result: PageSearchResult | null;
  currentYear: number;
};

// Each branch writes its accordion itself rather than through a helper made on each render: the
// server renders this for every filter of every page, and a closure made per call loses its
// optimised code at each full collection of the render isolate's heap (the page bench).
const RegistryFilter = memo(function RegistryFilter({ def, query, result, currentYear }: RegistryFilterProps) {
  switch (def.kind) {
    case 'toggle':
      return <ToggleFilter def={def} query={query} result={result} />;
    case 'checkbox': {
      const ready = sourceOptions(def.source, result, query, currentYear).length > 0;
      return (
        <FilterAccordion label={def.label} hasSelection={filterHasSelection(def, query)} ready={ready}>
          {() => <CheckboxListFilter def={def} query={query} result={result} currentYear={currentYear} />}
        </FilterAccordion>
      );
    }
    case 'select': {
      const options = sourceOptions(def.source, result, query, currentYear);
      return (
        <FilterAccordion label={def.label} hasSelection={filterHasSelection(def, query)} ready={options.some(hasValue)}>
          {() => <SelectFilter label={def.label} queryKey={def.key} options={options} query={query} />}
        </FilterAccordion>
      );
    }
    case 'range': {
      const options = sourceOptions(def.source, result, query, currentYear);
      return (
        <FilterAccordion label={def.label} hasSelection={filterHasSelection(def, query)} ready={options.some(hasValue)}>
          {() => <RangeFilter def={def} options={options} query={query} />}
        </FilterAccordion>
      );
    }
  }
});

const hasValue = (o: { value: string }) => !isEmptyValue(o.value);
