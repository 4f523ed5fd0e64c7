import { useId } from 'react';
import type { SearchKey, SearchQuery } from '@cfs/contracts';
import { optionDisabled, optionText, withSelected, type PanelOption } from '../../rules/facets';
import { isEmptyValue, selectedValues, setOption } from '../../rules/option-click';
import { useApplyChange } from '../../hooks/use-apply-change';

/**
 * One value of a key in a native select (keyboard and screen reader operable as is), with the
 * live count in each option's name and an 'Any' choice first (the options' own empty value, such
 * as Truck Cab Size 'Any' or the Year 'Any' = 0, else 'Any').
 */
export function SelectFilter({
  label,
  queryKey,
  options,
  query,
}: {
  label: string;
  queryKey: SearchKey;
  options: PanelOption[];
  query: SearchQuery;
}) {
  const apply = useApplyChange();
  const id = useId();
  const selected = selectedValues(query, queryKey);
  const any = options.find((o) => isEmptyValue(o.value)) ?? { value: '', label: 'Any' };
  const choices = withSelected(
    options.filter((o) => !isEmptyValue(o.value)),
    selected,
  );
  return (
    <div className="flt-field">
      <label htmlFor={id} className="flt-label">
        {label}
      </label>
      <select
        id={id}
        className="flt-select"
        value={selected[0] ?? any.value}
        onChange={(e) => {
          const value = e.target.value;
          apply((q) => setOption(q, queryKey, value));
        }}
      >
        <option value={any.value}>{any.label}</option>
        {choices.map((o) => (
          <option key={o.value} value={o.value} disabled={optionDisabled(o, query, selected.includes(o.value))}>
            {optionText(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
