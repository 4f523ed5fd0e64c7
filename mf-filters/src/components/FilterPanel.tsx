import { useMemo } from 'react';
import { useShared } from '@cfs/remote-kit';
import { selectedMakeCodes } from '../rules/make-model';
import { YourSearchCard } from './YourSearchCard';
import { SortControl } from './SortControl';
import { LocationFilter } from './LocationFilter';
import { MakeModelFilter } from './MakeModelFilter';

/** The panel's content, the same in the docked panel and in the small-screen sheet. */
export function FilterPanel() {
  const search = useShared((s) => s.search);
  const makeValue = search.query.makeCode;
  // Read once per make value: a make value that is not an array is recorded as an error.
  const makes = useMemo(() => selectedMakeCodes({ makeCode: makeValue }), [makeValue]);

  return (
    <div className="flt-panel" aria-busy={search.status === 'loading'}>
      <YourSearchCard search={search} makes={makes} />
      <SortControl query={search.query} />
      <LocationFilter query={search.query} />
      <MakeModelFilter search={search} makes={makes} />
    </div>
  );
}
