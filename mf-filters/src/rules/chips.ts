/**
 * The 'Your Search' chips (page-furniture §2): one removable chip per selected value of every
 * filter of the registry, in the registry's order. Labels: the option's label from the facets (or
 * the fixed options), else the code; a select's "{filter label}: {option label}"; a toggle shows its filter label; a range or price shows both
 * ends ("Year: 2019 – 2022", "Price: $10,000 – $12,000"); the ZIP "ZIP 30301"; the keyword
 * "Keyword: …" (designed). The search radius has no chip (Clear Filters keeps it too).
 */
import type { SearchQuery, PageSearchResult } from '@cfs/contracts';
import { formatPrice } from '@cfs/search-query';
import { FILTERS, groupValues, type FilterDef } from './filter-registry';
import { facetOptions, labelFor, sourceOptions } from './facets';
import { selectedModelCodes } from './make-model';
import { selectedValues, setOption, toggleFilterValue, toggleOption } from './option-click';
import { without, withoutMake, withoutModel, withoutZip } from './query-changes';

export interface Chip {
  key: string;
  /** What the chip shows; its remove button is named 'Remove {label}'. */
  label: string;
  /** The next query when the chip is removed. */
  remove: (q: SearchQuery) => SearchQuery;
}

/** A range's chip text: 'from – to', 'from and up' or 'up to to'. */
export function rangeText(from: string | undefined, to: string | undefined): string {
  if (from && to) return `${from} – ${to}`;
  if (from) return `${from} and up`;
  return `up to ${to}`;
}

function chipsOf(def: FilterDef, query: SearchQuery, makes: string[], result: PageSearchResult | null, currentYear: number): Chip[] {
  switch (def.kind) {
    case 'checkbox':
      return [{ key: def.key, source: def.source }, ...(def.subgroups ?? [])].flatMap(({ key, source }) => {
        const options = sourceOptions(source, result, query, currentYear);
        return groupValues(selectedValues(query, key), source).map((value) => ({
          key: `${key}:${value}`,
          label: labelFor(options, value),
          remove: (q: SearchQuery) => toggleFilterValue(q, def, key, value, false),
        }));
      });
    case 'select': {
      const options = sourceOptions(def.source, result, query, currentYear);
      return selectedValues(query, def.key).map((value) => ({
        key: `${def.key}:${value}`,
        label: `${def.label}: ${labelFor(options, value)}`,
        remove: (q: SearchQuery) => setOption(q, def.key, ''),
      }));
    }
    case 'toggle':
      return selectedValues(query, def.key).includes(def.value)
        ? [{ key: def.id, label: def.label, remove: (q: SearchQuery) => toggleOption(q, def.key, def.value, false) }]
        : [];
    case 'range': {
      const [from, to] = def.keys.map((k) => selectedValues(query, k)[0]);
      if (!from && !to) return [];
      return [{ key: def.id, label: `${def.label}: ${rangeText(from, to)}`, remove: (q: SearchQuery) => without(q, def.keys) }];
    }
    case 'custom':
      if (def.control === 'location') return query.zip ? [{ key: 'zip', label: `ZIP ${query.zip}`, remove: withoutZip }] : [];
      if (def.control === 'price') {
        const { minPrice, maxPrice } = query;
        if (!minPrice && !maxPrice) return [];
        const label = `Price: ${rangeText(minPrice ? formatPrice(minPrice) : undefined, maxPrice ? formatPrice(maxPrice) : undefined)}`;
        return [{ key: 'price', label, remove: (q: SearchQuery) => without(q, ['minPrice', 'maxPrice']) }];
      }
      return makeModelChips(query, makes, result);
  }
}

function makeModelChips(query: SearchQuery, makes: string[], result: PageSearchResult | null): Chip[] {
  const makeOptions = facetOptions(result, 'makeCode');
  const modelOptions = facetOptions(result, 'modelCode');
  const trimOptions = facetOptions(result, 'trimCode');
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
    ...selectedValues(query, 'trimCode').map((code) => ({
      key: `trim:${code}`,
      label: labelFor(trimOptions, code),
      remove: (q: SearchQuery) => toggleOption(q, 'trimCode', code, false),
    })),
  ];
}

/** `makes` are the selected make codes, read once by the panel (see `selectedMakeCodes`). */
export function selectedChips(
  query: SearchQuery,
  makes: string[],
  result: PageSearchResult | null,
  currentYear = new Date().getFullYear(),
): Chip[] {
  const chips = FILTERS.flatMap((def) => chipsOf(def, query, makes, result, currentYear));
  if (query.keywordPhrases)
    chips.push({ key: 'keyword', label: `Keyword: ${query.keywordPhrases}`, remove: (q) => without(q, ['keywordPhrases']) });
  return chips;
}
