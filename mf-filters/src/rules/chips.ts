/** The selected-filter chips of the 'Your Search' card: one per make, model and the ZIP. */
import type { SearchQuery, SearchResult } from '@cfs/contracts';
import { facetOptions, labelFor } from './facets';
import { selectedModelCodes } from './make-model';
import { withoutMake, withoutModel, withoutZip } from './query-changes';

export interface Chip {
  key: string;
  /** What the chip shows; its remove button is named 'Remove {label}'. */
  label: string;
  /** The next query when the chip is removed. */
  remove: (q: SearchQuery) => SearchQuery;
}

/** `makes` are the selected make codes, read once by the panel (see `selectedMakeCodes`). */
export function selectedChips(query: SearchQuery, makes: string[], result: SearchResult | null): Chip[] {
  const makeOptions = facetOptions(result, 'makeCode');
  const modelOptions = facetOptions(result, 'modelCode');
  return [
    ...makes.map((code) => ({
      key: `make:${code}`,
      label: labelFor(makeOptions, code),
      remove: (q: SearchQuery) => withoutMake(q, code),
    })),
    ...selectedModelCodes(query).map((code) => ({
      key: `model:${code}`,
      label: labelFor(modelOptions, code),
      remove: (q: SearchQuery) => withoutModel(q, code),
    })),
    ...(query.zip ? [{ key: 'zip', label: `ZIP ${query.zip}`, remove: withoutZip }] : []),
  ];
}
