/**
 * How each control of the panel turns the current query into the next one. Pure functions, one
 * per change, so the rule behind any control is found in one hop. They change filters only: the
 * shell resets paging on every 'filters:changed' (spec: a filter change starts a new search with
 * pagination reset) and normalises the query with @cfs/search-query before searching.
 */
import { LIMITS, type SearchQuery, type SortBy } from '@cfs/contracts';
import { setOption } from './option-click';

/** Values that only mean something for the selected make and model (they are cleared with it). */
const BELONG_TO_MAKE = ['modelCode', 'trimCode', 'seriesCode', 'packages'] as const;
const BELONG_TO_MODEL = ['trimCode', 'seriesCode', 'packages'] as const;

/** The query without these keys (a filter's values removed). */
export function without(q: SearchQuery, keys: readonly string[]): SearchQuery {
  const next = { ...q } as Record<string, unknown>;
  for (const k of keys) delete next[k];
  return next as SearchQuery;
}

/** Choosing a make (or 'Any Make' = null) replaces the make and clears model, trim and the like. */
export function withMake(q: SearchQuery, makeCode: string | null): SearchQuery {
  const next = without(q, ['makeCode', ...BELONG_TO_MAKE]);
  if (makeCode) next.makeCode = [makeCode];
  return next;
}

/**
 * The make of one row of the Make/Model/Trim filter (up to 5 makes): with one make, as `withMake`.
 * With several, row `index` gets `makeCode` (null = 'Any Make' removes the row's make; an index
 * past the list adds a make, 'Add Another Make'). The old make's models go with it (`oldModels`,
 * the models known to belong to it; null when not known, then every model goes), and trims,
 * series and packages (they belonged to a make and model).
 */
export function withMakeAt(q: SearchQuery, index: number, makeCode: string | null, oldModels: string[] | null): SearchQuery {
  const makes = Array.isArray(q.makeCode) ? [...q.makeCode] : [];
  if (index >= makes.length) {
    if (!makeCode || makes.includes(makeCode) || makes.length >= LIMITS.makeLimit) return q;
    return { ...q, makeCode: [...makes, makeCode] };
  }
  if (makes.length <= 1) return withMake(q, makeCode);
  if (makeCode) makes[index] = makeCode;
  else makes.splice(index, 1);
  const next = without(q, ['trimCode', 'seriesCode', 'packages']);
  next.makeCode = [...new Set(makes)];
  const models = oldModels === null ? [] : (q.modelCode ?? []).filter((m) => !oldModels.includes(m));
  if (models.length) next.modelCode = models;
  else delete next.modelCode;
  return next;
}

/** Choosing a model (or 'Any Model' = null) replaces the model and clears trim, series, packages. */
export function withModel(q: SearchQuery, modelCode: string | null): SearchQuery {
  const next = without(q, ['modelCode', ...BELONG_TO_MODEL]);
  if (modelCode) next.modelCode = [modelCode];
  return next;
}

export function withSort(q: SearchQuery, sortBy: SortBy): SearchQuery {
  return { ...q, sortBy };
}

/** 0 means nationwide; the cap (values of 100 and more become 100) is search-query's normaliseRadius. */
export function withRadius(q: SearchQuery, searchRadius: number): SearchQuery {
  return { ...q, searchRadius };
}

/** Only called with a ZIP that passed `checkZip` (5 digits and the server check). */
export function withZip(q: SearchQuery, zip: string): SearchQuery {
  return { ...q, zip };
}

/** Chip removal: one make. When no make is left, model and trim go too (they need a make). */
export function withoutMake(q: SearchQuery, makeCode: string): SearchQuery {
  const makes = (Array.isArray(q.makeCode) ? q.makeCode : []).filter((m) => m !== makeCode);
  if (!makes.length) return without(q, ['makeCode', ...BELONG_TO_MAKE]);
  return { ...q, makeCode: makes };
}

/** Chip removal: one model, with the trims, series and packages that belonged to it. */
export function withoutModel(q: SearchQuery, modelCode: string): SearchQuery {
  const models = (q.modelCode ?? []).filter((m) => m !== modelCode);
  const next = without(q, ['modelCode', ...BELONG_TO_MODEL]);
  if (models.length) next.modelCode = models;
  return next;
}

export function withoutZip(q: SearchQuery): SearchQuery {
  return without(q, ['zip']);
}

/**
 * Spec (page-furniture §4, search-results §4): "Clear Filters clears everything except search
 * radius, resets the category and runs a new search." The sort order goes too (the default sort
 * in force then applies), and the category (experience) is cleared.
 */
export function clearFilters(q: SearchQuery): SearchQuery {
  const next: SearchQuery = {};
  if (q.searchRadius !== undefined) next.searchRadius = q.searchRadius;
  return next;
}

/**
 * A model chosen in one make's row: the pipe key `modelCode|{make}` merges the choice into
 * modelCode beside the other makes' models (`group`: the row's model options, replaced); trims,
 * series and packages go (they belonged to the previous model).
 */
export function withRowModel(q: SearchQuery, make: string, modelCode: string, group: readonly string[]): SearchQuery {
  return without(setOption(q, `modelCode|${make}`, modelCode, group), ['trimCode', 'seriesCode', 'packages']);
}

/** A trim chosen for one make and model (`trimCode|{model}`, merged into trimCode). */
export function withRowTrim(q: SearchQuery, model: string, trimCode: string, group: readonly string[]): SearchQuery {
  return setOption(q, `trimCode|${model}`, trimCode, group);
}
