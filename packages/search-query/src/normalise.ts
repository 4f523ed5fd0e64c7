import type { Brand, SearchQuery, SortBy } from '@cfs/contracts';
import { isImpliedDefault } from './defaults';
import { isListKey, isNumberKey, isStringKey } from './keys';
import { normaliseRadius, normaliseZip } from './location';
import { normaliseListingTypes } from './listing-type';
import { normaliseMpgRange, normaliseToggle } from './filter-values';
import { normalisePriceRange } from './price';
import { excludedIdsParam, isExperience, normaliseFirstRecord, normaliseNumRecords } from './request';
import { isSortValue } from './sort';
import { cleanText, listItems, wholeNumber } from './values';
import { NEEDS_MAKE, keepTrims, normaliseCodes, normaliseMakes, type TrimBelongs } from './vehicle';
import { normaliseYearRange } from './years';

export interface NormaliseContext {
  brand: Brand;
  currentYear: number;
  /** Whether a trim belongs to a make and model (reference data). Without it trims are kept. */
  trimBelongs?: TrimBelongs;
  /**
   * The default sort in force (`defaultSort(reading)` of the configured reading): a query without
   * sortBy means it, so a sortBy equal to it is left out and any other sort value is kept.
   * Absent: relevance (the state reading).
   */
  defaultSort?: SortBy;
}

type Mutable = Record<string, unknown>;

/** Known keys only, each with a clean value of its type (lists split, trimmed, de-duplicated; whole numbers; trimmed text). */
function clean(input: unknown): SearchQuery {
  const q: Mutable = {};
  if (input === null || typeof input !== 'object') return q;
  for (const [k, v] of Object.entries(input)) {
    if (isListKey(k)) {
      const list = listItems(v);
      if (list.length) q[k] = list;
    } else if (isNumberKey(k)) {
      const n = wholeNumber(v);
      if (n !== undefined) q[k] = n;
    } else if (isStringKey(k)) {
      const s = cleanText(v);
      if (s !== undefined) q[k] = s;
    }
  }
  return q as SearchQuery;
}

function set<K extends keyof SearchQuery>(q: SearchQuery, key: K, value: SearchQuery[K] | undefined): void {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) delete q[key];
  else q[key] = value;
}

/**
 * Applies every validation rule to a query (each rule lives in its own module; this only sequences
 * them). Pure, never throws, and idempotent: normaliseQuery(normaliseQuery(q, ctx), ctx) deep-equals
 * normaliseQuery(q, ctx). Unknown keys, values of the wrong type and implied defaults
 * (sortBy equal to the default sort in force, relevance unless ctx.defaultSort says otherwise;
 * firstRecord=0) are dropped, so the result also deep-equals
 * normaliseQuery(parseQuery(serializeQuery(result)), ctx).
 */
export function normaliseQuery(input: SearchQuery, ctx: NormaliseContext): SearchQuery {
  let q: SearchQuery;
  try {
    q = clean(input);
  } catch {
    q = {};
  }
  const brand = ctx?.brand;
  const currentYear = typeof ctx?.currentYear === 'number' ? ctx.currentYear : NaN;

  // Location.
  set(q, 'zip', normaliseZip(q.zip));
  set(q, 'searchRadius', normaliseRadius(q.searchRadius));

  // Request context.
  set(q, 'excludedListingId', excludedIdsParam(q.excludedListingId));
  if (!isSortValue(q.sortBy)) delete q.sortBy;
  if (!isExperience(q.experience)) delete q.experience;

  // Condition, with the brand default.
  set(q, 'listingType', normaliseListingTypes(q.listingType, brand));

  // Make, then what needs a make, then trims that must belong to the make and model.
  const makes = normaliseMakes(q.makeCode);
  set(q, 'makeCode', makes);
  if (!makes.length) for (const k of NEEDS_MAKE) delete q[k];
  const models = normaliseCodes(q.modelCode);
  set(q, 'modelCode', models);
  set(q, 'trimCode', keepTrims(q.trimCode, makes, models, ctx?.trimBelongs));

  // Price and year ranges.
  const price = normalisePriceRange(q.minPrice, q.maxPrice);
  set(q, 'minPrice', price.minPrice);
  set(q, 'maxPrice', price.maxPrice);
  const years = normaliseYearRange(q.startYear, q.endYear, currentYear);
  set(q, 'startYear', years.startYear);
  set(q, 'endYear', years.endYear);

  // Filter values of a fixed form.
  set(q, 'moneyBackGuarantee', normaliseToggle(q.moneyBackGuarantee));
  set(q, 'mpgRange', normaliseMpgRange(q.mpgRange));

  // Paging.
  set(q, 'firstRecord', normaliseFirstRecord(q.firstRecord));
  set(q, 'numRecords', normaliseNumRecords(q.numRecords));

  // Defaults are left out, so the object equals what its normalised URL reads back as.
  const impliedSort = isSortValue(ctx?.defaultSort) ? ctx.defaultSort : undefined;
  for (const [k, v] of Object.entries(q)) if (isImpliedDefault(k, v, impliedSort)) delete q[k as keyof SearchQuery];
  return q;
}
