import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS, type FacetOption, type SearchQuery, type SearchSlice } from '@cfs/contracts';
import { facetOptions, optionDisabled, optionText, withSelected, type PanelOption } from '../rules/facets';
import { modelFilterEnabled, selectedModelCodes } from '../rules/make-model';
import { withMakeAt, withRowModel, withRowTrim } from '../rules/query-changes';
import { selectedValues } from '../rules/option-click';
import type { ModelMakes } from '../rules/vehicle-reference';
import { useApplyChange } from '../hooks/use-apply-change';
import { useSettledQuery } from '../hooks/use-settled-query';
import { useModelMakes, useTrims } from '../hooks/use-vehicle-reference';
import { useShared, Button } from '@cfs/remote-kit';

/**
 * Make, Model and Trim (page-furniture §4 and §9): at most 5 makes, 'Add Another Make' shows an
 * empty make selector; each make has its own Model select, each model its own Trim select. Model
 * and Trim are enabled only with a make (and a model for Trim) whose search has settled (the
 * options would otherwise be the previous make's). Options and counts come from the result's
 * facets; which models belong to which make, and which trims to which model, from the reference
 * lookup once it answers (before that: one make's row offers the model facet as is; with several
 * makes, models with listings).
 * Names: the first row's selects are 'Make', 'Model', 'Trim'; the next ones 'Make 2', 'Model 2', ...
 * designed: the flag `singleMakeModelTrim` gates the trim level of each row (one make, one model,
 * one trim per row); with it off the filter offers makes and models only (a trim already in the
 * search still applies and shows as a chip).
 */
export function MakeModelFilter({ search, makes }: { search: SearchSlice; makes: string[] }) {
  const apply = useApplyChange();
  const settled = useSettledQuery(search);
  const [adding, setAdding] = useState(false);
  const addedRow = useRef<HTMLSelectElement>(null);
  const focusAdded = useRef(false);
  const modelMakes = useModelMakes(makes.length > 0);
  const { query } = search;
  const settledMakes = settled === query ? makes : Array.isArray(settled.makeCode) ? settled.makeCode : [];
  const enabled = modelFilterEnabled(makes, settledMakes);
  const rows = adding && makes.length < LIMITS.makeLimit ? [...makes, ''] : makes.length ? makes : [''];

  useEffect(() => {
    if (focusAdded.current && adding) addedRow.current?.focus();
    focusAdded.current = false;
  }, [adding]);

  return (
    <fieldset className="flt-group flt-fieldset">
      <legend className="flt-legend">Make and Model</legend>
      {rows.map((make, i) => (
        <MakeRow
          key={make || 'new'}
          index={i}
          make={make}
          makes={makes}
          search={search}
          modelMakes={modelMakes}
          enabled={enabled && !!make}
          selectRef={make ? undefined : addedRow}
          onMake={(code) => {
            if (!make && makes.length > 0) setAdding(false);
            if (!make && !code) return; // 'Any Make' in the empty row changes nothing
            const old = make ? modelsOfMake(make, makes, query, modelMakes) : [];
            apply((q) => withMakeAt(q, make ? i : makes.length, code, make ? old : []));
          }}
        />
      ))}
      {makes.length > 0 && makes.length < LIMITS.makeLimit && !adding && (
        <Button
          className="flt-add-make"
          onClick={() => {
            focusAdded.current = true;
            setAdding(true);
          }}
        >
          Add Another Make
        </Button>
      )}
    </fieldset>
  );
}

/** The selected models known to belong to `make` (every selected model when the membership is unknown). */
function modelsOfMake(make: string, makes: string[], query: SearchQuery, modelMakes: ModelMakes | null): string[] | null {
  const models = selectedModelCodes(query);
  if (makes.length <= 1) return models;
  if (!modelMakes) return null;
  return models.filter((m) => modelMakes.get(m) === make);
}

/** The model options of one make's row. */
function rowModels(make: string, makes: string[], all: FacetOption[], modelMakes: ModelMakes | null): FacetOption[] {
  if (modelMakes) return all.filter((o) => modelMakes.get(o.value) === make);
  if (makes.length <= 1) return all;
  return all.filter((o) => o.count > 0);
}

function MakeRow({
  index,
  make,
  makes,
  search,
  modelMakes,
  enabled,
  selectRef,
  onMake,
}: {
  index: number;
  make: string;
  makes: string[];
  search: SearchSlice;
  modelMakes: ModelMakes | null;
  enabled: boolean;
  selectRef?: React.Ref<HTMLSelectElement>;
  onMake: (code: string | null) => void;
}) {
  const apply = useApplyChange();
  const trimLevel = useShared((s) => s.brand.flags.singleMakeModelTrim);
  const makeId = useId();
  const modelId = useId();
  const trimId = useId();
  const hintId = useId();
  const { query, result } = search;
  const n = index === 0 ? '' : ` ${index + 1}`;

  const makeChoices = withSelected(
    facetOptions(result, 'makeCode').filter((o) => o.value === make || !makes.includes(o.value)),
    make ? [make] : [],
  );
  const modelOptions = make ? rowModels(make, makes, facetOptions(result, 'modelCode'), modelMakes) : [];
  const modelGroup = modelOptions.map((o) => o.value);
  const selectedModels = selectedModelCodes(query);
  const rowModel =
    makes.length <= 1 ? selectedModels[0] : selectedModels.find((m) => (modelMakes ? modelMakes.get(m) === make : modelGroup.includes(m)));

  const trimCodes = useTrims(enabled && trimLevel ? make : undefined, enabled && trimLevel ? rowModel : undefined);
  const trimOptions = facetOptions(result, 'trimCode').filter((o) => (trimCodes ? trimCodes.includes(o.value) : o.count > 0));
  const trimGroup = trimOptions.map((o) => o.value);
  const selectedTrims = selectedValues(query, 'trimCode');
  const rowTrim = selectedTrims.find((t) => trimGroup.includes(t)) ?? (makes.length <= 1 ? selectedTrims[0] : undefined);
  const trimEnabled = enabled && !!rowModel;

  return (
    <div className="flt-make-row">
      <div className="flt-field">
        <label htmlFor={makeId} className="flt-label">
          {`Make${n}`}
        </label>
        <select ref={selectRef} id={makeId} className="flt-select" value={make} onChange={(e) => onMake(e.target.value || null)}>
          <option value="">Any Make</option>
          <Options options={makeChoices} selected={make ? [make] : []} query={query} />
        </select>
      </div>
      <div className="flt-field">
        <label htmlFor={modelId} className="flt-label">
          {`Model${n}`}
        </label>
        <select
          id={modelId}
          className="flt-select"
          value={rowModel ?? ''}
          disabled={!enabled}
          aria-describedby={!make ? hintId : undefined}
          onChange={(e) => {
            const model = e.target.value;
            apply((q) => withRowModel(q, make, model, makes.length <= 1 ? selectedModelCodes(q) : modelGroup));
          }}
        >
          <option value="">Any Model</option>
          {enabled ? (
            <Options options={withSelected(modelOptions, rowModel ? [rowModel] : [])} selected={rowModel ? [rowModel] : []} query={query} />
          ) : (
            rowModel && <option value={rowModel}>{rowModel}</option>
          )}
        </select>
        {!make && (
          <p id={hintId} className="flt-hint">
            Choose a make to see its models.
          </p>
        )}
      </div>
      {trimLevel && (
        <div className="flt-field">
          <label htmlFor={trimId} className="flt-label">
            {`Trim${n}`}
          </label>
          <select
            id={trimId}
            className="flt-select"
            value={rowTrim ?? ''}
            disabled={!trimEnabled}
            onChange={(e) => {
              const trim = e.target.value;
              const group = makes.length <= 1 ? [...trimGroup, ...selectedTrims] : trimGroup;
              if (rowModel) apply((q) => withRowTrim(q, rowModel, trim, group));
            }}
          >
            <option value="">Any Trim</option>
            {trimEnabled ? (
              <Options options={withSelected(trimOptions, rowTrim ? [rowTrim] : [])} selected={rowTrim ? [rowTrim] : []} query={query} />
            ) : (
              rowTrim && <option value={rowTrim}>{rowTrim}</option>
            )}
          </select>
        </div>
      )}
    </div>
  );
}

function Options({ options, selected, query }: { options: PanelOption[]; selected: string[]; query: SearchQuery }) {
  return options.map((o) => (
    <option key={o.value} value={o.value} disabled={optionDisabled(o, query, selected.includes(o.value))}>
      {optionText(o)}
    </option>
  ));
}
