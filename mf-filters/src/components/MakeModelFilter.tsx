import { useId } from 'react';
import type { SearchQuery, SearchSlice } from '@cfs/contracts';
import { facetOptions, optionDisabled, optionText, withSelected, type PanelOption } from '../rules/facets';
import { modelFilterEnabled, selectedModelCodes } from '../rules/make-model';
import { withMake, withModel } from '../rules/query-changes';
import { useApplyChange } from '../hooks/use-apply-change';
import { useSettledQuery } from '../hooks/use-settled-query';

/**
 * Make and Model (one make for now; the spec's up to 5 makes with 'Add Another Make' grows from
 * here). Options and counts come from the current result's facets. Model is enabled only when a
 * make is selected; changing the make clears the model.
 */
export function MakeModelFilter({ search, makes }: { search: SearchSlice; makes: string[] }) {
  const apply = useApplyChange();
  const makeId = useId();
  const modelId = useId();
  const hintId = useId();
  const settled = useSettledQuery(search);
  const { query, result } = search;
  const models = selectedModelCodes(query);
  // The makes the current result answers (its facet options belong to them).
  const settledMakes = settled === query ? makes : Array.isArray(settled.makeCode) ? settled.makeCode : [];
  const modelEnabled = modelFilterEnabled(makes, settledMakes);

  return (
    <fieldset className="flt-group flt-fieldset">
      <legend className="flt-legend">Make and Model</legend>
      <div className="flt-field">
        <label htmlFor={makeId} className="flt-label">
          Make
        </label>
        <select
          id={makeId}
          className="flt-select"
          value={makes[0] ?? ''}
          onChange={(e) => {
            const make = e.target.value || null;
            apply((q) => withMake(q, make));
          }}
        >
          <option value="">Any Make</option>
          <FacetOptions options={withSelected(facetOptions(result, 'makeCode'), makes)} selected={makes} query={query} />
        </select>
      </div>
      <div className="flt-field">
        <label htmlFor={modelId} className="flt-label">
          Model
        </label>
        <select
          id={modelId}
          className="flt-select"
          value={models[0] ?? ''}
          disabled={!modelEnabled}
          aria-describedby={makes.length === 0 ? hintId : undefined}
          onChange={(e) => {
            const model = e.target.value || null;
            apply((q) => withModel(q, model));
          }}
        >
          <option value="">Any Model</option>
          {modelEnabled ? (
            <FacetOptions options={withSelected(facetOptions(result, 'modelCode'), models)} selected={models} query={query} />
          ) : (
            models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))
          )}
        </select>
        {makes.length === 0 && (
          <p id={hintId} className="flt-hint">
            Choose a make to see its models.
          </p>
        )}
      </div>
    </fieldset>
  );
}

function FacetOptions({ options, selected, query }: { options: PanelOption[]; selected: string[]; query: SearchQuery }) {
  return options.map((o) => (
    <option key={o.value} value={o.value} disabled={optionDisabled(o, query, selected.includes(o.value))}>
      {optionText(o)}
    </option>
  ));
}
