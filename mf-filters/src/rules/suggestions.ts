/**
 * Suggested filters (page-furniture §3 'Suggested filter: name, codes'; flag suggestedFilters)
 * and the truck cab size or SUV third-row suggestion card (§2 Filters panel).
 */
import type { SearchQuery, PageSearchResult } from '@cfs/contracts';
import { FILTERS, TRUCK_CAB_OPTIONS, type CheckboxFilter, type FixedOption } from './filter-registry';
import { facetOptions, optionText } from './facets';
import { selectedValues, toggleOption } from './option-click';

export interface Suggestion {
  key: string;
  /** The button's text (with the count when known). */
  label: string;
  apply: (q: SearchQuery) => SearchQuery;
}

/** How many suggestions the carousel offers at most (designed). */
export const MAX_SUGGESTIONS = 8;

/** Filters whose options are suggested when the upstream sends no suggestions (designed). */
export const SUGGESTED_FROM = ['bodyStyle', 'drive', 'fuel', 'deals', 'features', 'history'] as const;

/**
 * The suggested filters: those the search result sends (each adds its codes), when it sends any;
 * otherwise the unselected options of SUGGESTED_FROM that narrow the results most usefully: the
 * most listings without being all of them, best first.
 */
export function suggestedFilters(query: SearchQuery, result: PageSearchResult | null): Suggestion[] {
  const sent = result?.suggestedFilters;
  if (Array.isArray(sent) && sent.length > 0) {
    return sent
      .filter((s) => !s.codes.every((value) => selectedValues(query, s.key).includes(value)))
      .slice(0, MAX_SUGGESTIONS)
      .map((s) => ({
        key: `sent:${s.key}:${s.codes.join(',')}`,
        label: optionText({ value: s.codes.join(','), label: s.name, count: s.count }),
        apply: (q: SearchQuery) => s.codes.reduce((acc, value) => toggleOption(acc, s.key, value, true), q),
      }));
  }
  const total = result?.totalResultCount ?? 0;
  const defs = FILTERS.filter((f): f is CheckboxFilter => f.kind === 'checkbox' && (SUGGESTED_FROM as readonly string[]).includes(f.id));
  return defs
    .flatMap((def) => {
      const selected = selectedValues(query, def.key);
      const source = def.source.from === 'facet' ? def.source.facet : def.key;
      return facetOptions(result, source)
        .filter((o) => !selected.includes(o.value) && o.count > 0 && o.count < total)
        .map((o) => ({ def, o }));
    })
    .sort((a, b) => b.o.count - a.o.count)
    .slice(0, MAX_SUGGESTIONS)
    .map(({ def, o }) => ({
      key: `${def.key}:${o.value}`,
      label: optionText(o),
      apply: (q: SearchQuery) => toggleOption(q, def.key, o.value, true),
    }));
}

export type SuggestionCardKind =
  | { kind: 'truck-cab'; options: readonly FixedOption[]; selected: string }
  | { kind: 'third-row'; value: string; label: string; on: boolean };

/**
 * The suggestion card: with trucks among the body styles, the truck cab size choices (Any, 3 or
 * less, 4, 5, 6); with SUVs, the third-row feature (the features facet's option whose label says
 * third row); else none.
 */
export function suggestionCard(query: SearchQuery, result: PageSearchResult | null): SuggestionCardKind | null {
  const styles = selectedValues(query, 'vehicleStyleCode');
  if (styles.includes('TRUCKS'))
    return { kind: 'truck-cab', options: TRUCK_CAB_OPTIONS, selected: selectedValues(query, 'truckCabSize')[0] ?? '' };
  if (styles.includes('SUVCROSS')) {
    const third = facetOptions(result, 'featureCode').find((o) => /third[- ]row/i.test(o.label));
    if (third)
      return { kind: 'third-row', value: third.value, label: third.label, on: selectedValues(query, 'featureCode').includes(third.value) };
  }
  return null;
}
