/**
 * Filter options come from the facet counts of the current search result
 * (`result.filters[key].options`, each { value, label, count }).
 */
import type { FacetOption, SearchQuery, SearchResult } from '@cfs/contracts';

/** A facet option, or a selected value the facets do not list (`unlisted`, shown without a count). */
export type PanelOption = FacetOption & { unlisted?: boolean };

export function facetOptions(result: SearchResult | null, key: string): FacetOption[] {
  const options = result?.filters?.[key]?.options;
  return Array.isArray(options) ? options : [];
}

/** The option text shows the count: "Ford (1,234)". */
export function optionText(option: PanelOption): string {
  if (option.unlisted) return option.label;
  return `${option.label} (${option.count.toLocaleString('en-US')})`;
}

/**
 * Spec (page-furniture §5 / search-results §5): "Disabled filter options: those whose count is 0
 * or less while a radius is set." A radius is set when searchRadius is above 0 (0 means
 * nationwide, no radius). A selected option is never disabled, so the control can show it.
 */
export function optionDisabled(option: PanelOption, query: SearchQuery, selected = false): boolean {
  const radiusSet = typeof query.searchRadius === 'number' && query.searchRadius > 0;
  return radiusSet && option.count <= 0 && !selected;
}

/** The label of a code from the facet options, or the code itself when the facets lack it. */
export function labelFor(options: FacetOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

/**
 * The options to render: the facet options, plus any selected value the facets do not list
 * (for example a make with no listings left), so a select never shows a value it cannot name.
 */
export function withSelected(options: FacetOption[], selected: string[]): PanelOption[] {
  const missing = selected.filter((v) => !options.some((o) => o.value === v));
  return [...options, ...missing.map((value) => ({ value, label: value, count: 0, unlisted: true }))];
}
