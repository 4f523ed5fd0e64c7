import type { SearchQuery, PageSearchResult } from '@cfs/contracts';
import type { ToggleFilter as ToggleDef } from '../../rules/filter-registry';
import { facetOptions, optionDisabled, optionText } from '../../rules/facets';
import { selectedValues, toggleOption } from '../../rules/option-click';
import { useApplyChange } from '../../hooks/use-apply-change';

/** One value on or off (Money Back Guarantee): a checkbox named with the filter's label and, once answered, its count. */
export function ToggleFilter({ def, query, result }: { def: ToggleDef; query: SearchQuery; result: PageSearchResult | null }) {
  const apply = useApplyChange();
  const on = selectedValues(query, def.key).includes(def.value);
  const counted = def.facet ? facetOptions(result, def.facet).find((o) => o.value === def.value) : undefined;
  const option = counted ? { ...counted, label: def.label } : { value: def.value, label: def.label, count: NaN, unlisted: true };
  return (
    <div className="flt-group flt-toggle">
      <label className="flt-check">
        <input
          type="checkbox"
          checked={on}
          disabled={optionDisabled(option, query, on)}
          onChange={(e) => {
            const next = e.target.checked;
            apply((q) => toggleOption(q, def.key, def.value, next));
          }}
        />
        <span>{optionText(option)}</span>
      </label>
    </div>
  );
}
