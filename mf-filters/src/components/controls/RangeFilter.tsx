import type { SearchQuery } from '@cfs/contracts';
import type { RangeFilter as RangeDef } from '../../rules/filter-registry';
import type { PanelOption } from '../../rules/facets';
import { SelectFilter } from './SelectFilter';

/** A start and an end value (Year: 'Start Year' and 'End Year'), each a select over the same options. */
export function RangeFilter({ def, options, query }: { def: RangeDef; options: PanelOption[]; query: SearchQuery }) {
  return (
    <div className="flt-range">
      <SelectFilter label={def.ends[0]} queryKey={def.keys[0]} options={options} query={query} />
      <SelectFilter label={def.ends[1]} queryKey={def.keys[1]} options={options} query={query} />
    </div>
  );
}
