/**
 * Suggested filters (page-furniture §3 'Suggested filter: name, codes'; flag suggestedFilters)
 * and the truck cab size or SUV third-row suggestion card (§2 Filters panel).
 */
import type { SearchQuery, SearchResult } from '@cfs/contracts';
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

/** A suggestion sent with the result: its name, and the codes it adds, by query key. */
interface SentSuggestion {
  name: string;
  codes: Record<string, string | string[]>;
}

function sentSuggestions(result: SearchResult | null): SentSuggestion[] | null {
  const raw: unknown = result && (result as unknown as Record<string, unknown>).suggestedFilters;
  if (!Array.isArray(raw)) return null;
  return raw.filter(
    (s): s is SentSuggestion =>
      !!s &&
      typeof s === 'object' &&
      typeof (s as SentSuggestion).name === 'string' &&
      !!(s as SentSuggestion).codes &&
      typeof (s as SentSuggestion).codes === 'object',
  );
}

/**
 * The suggested filters: those the search result sends (each adds its codes), when it sends any;
 * otherwise the unselected options of SUGGESTED_FROM that narrow the results most usefully: the
 * most listings without being all of them, best first.
 */
export function suggestedFilters(query: SearchQuery, result: SearchResult | null): Suggestion[] {
  const sent = sentSuggestions(result);
  if (sent) {
    return sent
      .map((s) => ({
        key: `sent:${s.name}`,
        label: s.name,
        apply: (q: SearchQuery) =>
          Object.entries(s.codes).reduce(
            (acc, [key, v]) => (Array.isArray(v) ? v : [v]).reduce((a, value) => toggleOption(a, key, value, true), acc),
            q,
          ),
        done: Object.entries(s.codes).every(([key, v]) =>
          (Array.isArray(v) ? v : [v]).every((value) => selectedValues(query, key).includes(value)),
        ),
      }))
      .filter((s) => !s.done)
      .slice(0, MAX_SUGGESTIONS)
      .map(({ key, label, apply }) => ({ key, label, apply }));
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
export function suggestionCard(query: SearchQuery, result: SearchResult | null): SuggestionCardKind | null {
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
