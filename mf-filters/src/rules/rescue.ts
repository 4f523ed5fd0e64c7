/**
 * The way out of zero results (designed beyond the spec; the spec's own text for zero results is
 * 'Update filter criteria to see more results'): for a search that finds nothing, each single
 * filter the shopper could remove, what it is called, and how many listings its removal brings
 * back, best first.
 *
 * A "single filter" is one filter of the registry with a selection (all of its values at once:
 * removing one of several values of a list can only find fewer), plus the keyword. The distance
 * is removed by searching nationwide (the ZIP stays); Make removes model, trim, series and
 * packages with it (they need a make).
 */
import type { SearchQuery, PageSearchResult } from '@cfs/contracts';
import { formatNumber, formatPrice } from '@cfs/search-query';
import { FILTERS, filterKeys, groupValues, type FilterDef } from './filter-registry';
import { facetOptions, labelFor, sourceOptions } from './facets';
import { selectedValues } from './option-click';
import { radiusLabel } from './radius-options';
import { rangeText } from './chips';
import { without } from './query-changes';

export interface Removal {
  /** The registry filter's id ('keyword' for the keyword). */
  id: string;
  /** "Price: $10,000 – $12,000", "Make: Ford", "Keyword: sunroof". */
  label: string;
  /** The search without that filter (paging reset). */
  next: SearchQuery;
}

export interface Rescue extends Removal {
  /** Listings the search finds without that filter. */
  count: number;
}

const MAKE_KEYS = ['makeCode', 'modelCode', 'trimCode', 'seriesCode', 'packages'];

function removalOf(def: FilterDef, q: SearchQuery, result: PageSearchResult | null, year: number): Removal | null {
  const has = filterKeys(def).some((k) => selectedValues(q, k).length > 0);
  if (!has) return null;
  switch (def.kind) {
    case 'checkbox': {
      const groups = [{ key: def.key, source: def.source }, ...(def.subgroups ?? [])];
      const names = groups.flatMap(({ key, source }) => {
        const options = sourceOptions(source, result, q, year);
        return groupValues(selectedValues(q, key), source).map((v) => labelFor(options, v));
      });
      return { id: def.id, label: `${def.label}: ${names.join(', ')}`, next: without(q, filterKeys(def)) };
    }
    case 'select': {
      const options = sourceOptions(def.source, result, q, year);
      return { id: def.id, label: `${def.label}: ${labelFor(options, selectedValues(q, def.key)[0])}`, next: without(q, [def.key]) };
    }
    case 'toggle':
      return selectedValues(q, def.key).includes(def.value) ? { id: def.id, label: def.label, next: without(q, [def.key]) } : null;
    case 'range': {
      const [from, to] = def.keys.map((k) => selectedValues(q, k)[0]);
      return { id: def.id, label: `${def.label}: ${rangeText(from, to)}`, next: without(q, def.keys) };
    }
    case 'custom':
      if (def.control === 'price') {
        const [min, max] = [q.minPrice, q.maxPrice].map((n) => (n ? formatPrice(n) : undefined));
        return { id: def.id, label: `${def.label}: ${rangeText(min, max)}`, next: without(q, ['minPrice', 'maxPrice']) };
      }
      if (def.control === 'location') {
        if (!q.zip || !q.searchRadius) return null;
        return { id: def.id, label: `${def.label}: ${radiusLabel(q.searchRadius)}`, next: { ...q, searchRadius: 0 } };
      }
      if (!selectedValues(q, 'makeCode').length) return null;
      {
        const makes = selectedValues(q, 'makeCode').map((v) => labelFor(facetOptions(result, 'makeCode'), v));
        const models = selectedValues(q, 'modelCode').map((v) => labelFor(facetOptions(result, 'modelCode'), v));
        return { id: def.id, label: `${def.label}: ${[...makes, ...models].join(', ')}`, next: without(q, MAKE_KEYS) };
      }
  }
}

/** Every single removable filter of a search, in the panel's order. */
export function removals(q: SearchQuery, result: PageSearchResult | null, currentYear: number): Removal[] {
  const list = FILTERS.map((def) => removalOf(def, q, result, currentYear)).filter((r): r is Removal => r !== null);
  if (q.keywordPhrases) list.push({ id: 'keyword', label: `Keyword: ${q.keywordPhrases}`, next: without(q, ['keywordPhrases']) });
  return list;
}

/** Removals that bring listings back, best first (most listings; the panel's order among equals). */
export function rankRescues(found: Rescue[]): Rescue[] {
  return found.filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
}

/** The offer's text: "Remove Price: $10,000 – $12,000 to see 37 results". */
export function rescueText(r: Rescue): string {
  return `Remove ${r.label} to see ${formatNumber(r.count)} ${r.count === 1 ? 'result' : 'results'}`;
}
