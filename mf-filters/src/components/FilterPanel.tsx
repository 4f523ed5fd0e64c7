import { useMemo } from 'react';
import { useShared } from '@cfs/remote-kit';
import { selectedMakeCodes } from '../rules/make-model';
import { YourSearchCard } from './YourSearchCard';
import { SortControl } from './SortControl';
import { CategoryTabs } from './CategoryTabs';
import { KeywordSearch } from './KeywordSearch';
import { ZeroResultsRescue } from './ZeroResultsRescue';
import { SuggestionCard } from './SuggestionCard';
import { RegistryFilters } from './controls/RegistryFilters';

/** The panel's content, the same in the docked panel and in the small-screen sheet. */
export function FilterPanel() {
  const search = useShared((s) => s.search);
  const makeValue = search.query.makeCode;
  // Read once per make value: a make value that is not an array is recorded as an error.
  const makes = useMemo(() => selectedMakeCodes({ makeCode: makeValue }), [makeValue]);
  // The calendar year (the same on the server and in the browser but at the turn of a year).
  const currentYear = new Date().getFullYear();

  return (
    <div className="flt-panel" aria-busy={search.status === 'loading'}>
      <ZeroResultsRescue />
      <YourSearchCard search={search} makes={makes} />
      <CategoryTabs />
      <KeywordSearch />
      <SortControl query={search.query} />
      <SuggestionCard search={search} />
      <RegistryFilters search={search} makes={makes} currentYear={currentYear} />
    </div>
  );
}
