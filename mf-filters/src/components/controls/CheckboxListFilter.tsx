import type { ListKey, SearchQuery, PageSearchResult } from '@cfs/contracts';
import { groupValues, type CheckboxFilter, type OptionSource } from '../../rules/filter-registry';
import { facetOptions, optionDisabled, optionText, sourceOptions, withSelected } from '../../rules/facets';
import { packageNamesUrl, packageOptions, readPackageNames } from '../../rules/package-names';
import { useGatewayData } from '@cfs/remote-kit';
import { selectedValues, toggleFilterValue } from '../../rules/option-click';
import { useApplyChange } from '../../hooks/use-apply-change';

interface Props {
  def: CheckboxFilter;
  query: SearchQuery;
  result: PageSearchResult | null;
  currentYear: number;
}

/** A checkbox per option, each named with its live count ("Ford (120)"); nested subgroups under a selected parent value. */
export function CheckboxListFilter({ def, query, result, currentYear }: Props) {
  const parentSelected = selectedValues(query, def.key);
  return (
    <OptionList
      def={def}
      listKey={def.key}
      source={def.source}
      query={query}
      result={result}
      currentYear={currentYear}
      nested={(value) =>
        (def.subgroups ?? [])
          .filter((sub) => sub.parentValue === value && parentSelected.includes(value))
          .map((sub) => (
            <fieldset key={sub.key} className="flt-subgroup">
              <legend className="flt-sublegend">{sub.label}</legend>
              <OptionList def={def} listKey={sub.key} source={sub.source} query={query} result={result} currentYear={currentYear} />
            </fieldset>
          ))
      }
    />
  );
}

function OptionList({
  def,
  listKey,
  source,
  query,
  result,
  currentYear,
  nested,
}: Props & { listKey: ListKey; source: OptionSource; nested?: (value: string) => React.ReactNode }) {
  const apply = useApplyChange();
  const selected = groupValues(selectedValues(query, listKey), source);
  // The Package filter's names come from the packages lookup once it answers (package-names.ts).
  const looked = useGatewayData(source.from === 'packages' ? packageNamesUrl(query) : null, readPackageNames);
  const base =
    source.from === 'packages' && looked.status === 'ready'
      ? packageOptions(looked.data, facetOptions(result, source.facet))
      : sourceOptions(source, result, query, currentYear);
  const options = withSelected(base, selected);
  return (
    <ul className="flt-options">
      {options.map((o) => {
        const checked = selected.includes(o.value);
        return (
          <li key={o.value} className="flt-option">
            <label className="flt-check">
              <input
                type="checkbox"
                checked={checked}
                disabled={optionDisabled(o, query, checked)}
                onChange={(e) => {
                  const on = e.target.checked;
                  apply((q) => toggleFilterValue(q, def, listKey, o.value, on));
                }}
              />
              <span>{optionText(o)}</span>
            </label>
            {nested?.(o.value)}
          </li>
        );
      })}
    </ul>
  );
}
