/**
 * Filter options come from the facet counts of the current search result
 * (`result.filters[key].options`, each { value, label, count }).
 */
import type { FacetOption, SearchQuery, PageSearchResult } from '@cfs/contracts';
import { formatNumber, newCarYears } from '@cfs/search-query';
import type { FixedOption, OptionSource } from './filter-registry';

/** A facet option, or a selected value the facets do not list (`unlisted`, shown without a count). */
export type PanelOption = FacetOption & { unlisted?: boolean };

export function facetOptions(result: PageSearchResult | null, key: string): FacetOption[] {
  const options = result?.filters?.[key]?.options;
  return Array.isArray(options) ? options : [];
}

/**
 * Whether two results answer the same facets: every facet's options with the same value, label
 * and count, in the same order. The filter controls read nothing else of a result.
 */
export function sameFacets(a: PageSearchResult | null, b: PageSearchResult | null): boolean {
  if (a === b) return true;
  const x = a?.filters ?? {};
  const y = b?.filters ?? {};
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => {
    const p = facetOptions(a, k);
    const q = facetOptions(b, k);
    if (!(k in y) || p.length !== q.length) return false;
    return p.every((o, i) => o.value === q[i].value && o.label === q[i].label && o.count === q[i].count);
  });
}

/** The option text shows the count: "Ford (1,234)". */
export function optionText(option: PanelOption): string {
  if (option.unlisted || !Number.isFinite(option.count)) return option.label;
  return `${option.label} (${formatNumber(option.count)})`;
}

/**
 * Spec (page-furniture §5 / search-results §5): "Disabled filter options: those whose count is 0
 * or less while a radius is set." A radius is set when searchRadius is above 0 (0 means
 * nationwide, no radius). A selected option is never disabled, so the control can show it.
 */
export function optionDisabled(option: PanelOption, query: SearchQuery, selected = false): boolean {
  const radiusSet = typeof query.searchRadius === 'number' && query.searchRadius > 0;
  return radiusSet && !option.unlisted && option.count <= 0 && !selected;
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

/** How many model years the Year filter offers (beyond NEW-only searches), newest first. */
export const YEARS_OFFERED = 30;

/**
 * Spec (search-results §5): "Years for NEW listings: limited to 4 years, starting two years
 * before the current year. An 'Any' option with value 0 is always included." (search-query's
 * `newCarYears`). Other searches offer 'Any' and the years from next year's models back
 * (designed: YEARS_OFFERED years).
 */
export function yearOptions(query: SearchQuery, currentYear: number): FixedOption[] {
  const types = query.listingType ?? [];
  if (types.length > 0 && types.every((t) => t === 'NEW'))
    return newCarYears(currentYear).map((y) => ({ value: String(y.value), label: y.label }));
  const years = Array.from({ length: YEARS_OFFERED }, (_, k) => currentYear + 1 - k);
  return [{ value: '0', label: 'Any' }, ...years.map((y) => ({ value: String(y), label: String(y) }))];
}

/** Fixed options with the live count of each from the facet when the upstream answers it (else no count). */
function withCounts(options: readonly FixedOption[], counts: FacetOption[]): PanelOption[] {
  return options.map((o) => {
    const hit = counts.find((c) => c.value === o.value);
    return hit ? { ...o, count: hit.count } : { ...o, count: NaN, unlisted: true };
  });
}

/** The values of `order` first, in that order, then the others as the facet lists them. */
function ordered(options: FacetOption[], order: readonly string[] | undefined): FacetOption[] {
  if (!order) return options;
  const rank = (v: string) => {
    const i = order.indexOf(v);
    return i < 0 ? order.length : i;
  };
  return options
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o.value) - rank(b.o.value) || a.i - b.i)
    .map(({ o }) => o);
}

/**
 * A registry filter's options for the current search: facet options with their live counts, or
 * the fixed or year options (counted when the facet is answered). The empty value ('' or '0') of
 * fixed options is the 'Any' choice.
 */
export function sourceOptions(
  source: OptionSource,
  result: PageSearchResult | null,
  query: SearchQuery,
  currentYear: number,
): PanelOption[] {
  switch (source.from) {
    case 'facet':
      return ordered(
        source.only ? facetOptions(result, source.facet).filter((o) => source.only!.includes(o.value)) : facetOptions(result, source.facet),
        source.order,
      );
    case 'fixed':
      return withCounts(source.options, source.facet ? facetOptions(result, source.facet) : []);
    case 'years':
      return withCounts(yearOptions(query, currentYear), source.facet ? facetOptions(result, source.facet) : []);
    case 'packages':
      // The lookup's names replace these in the panel once it answers (CheckboxListFilter).
      return facetOptions(result, source.facet);
  }
}
