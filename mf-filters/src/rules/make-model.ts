/** The Make and Model rules of the spec. */
import type { SearchQuery } from '@cfs/contracts';

/**
 * Spec (page-furniture §5 and §8): "If the make filter value is not an array an error is
 * recorded." The error goes to the console (the page's monitoring collects console errors). A
 * single string is still read as one make so the panel keeps working.
 */
export function selectedMakeCodes(query: SearchQuery): string[] {
  const value: unknown = query.makeCode;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    console.error('[mf-filters] make filter value is not an array', value);
    return typeof value === 'string' && value ? [value] : [];
  }
  return value.filter((v): v is string => typeof v === 'string' && v.length > 0);
}

export function selectedModelCodes(query: SearchQuery): string[] {
  return Array.isArray(query.modelCode) ? query.modelCode : [];
}

/**
 * Spec (search-results §5): "Model and trim filters: enabled only when a make is selected."
 * Also (designed): while the search for a newly chosen make is loading, the model options still
 * belong to the previous make, so Model stays disabled until that search settles.
 * `settledMakes` are the makes of the query the current result answers.
 */
export function modelFilterEnabled(makes: string[], settledMakes: string[]): boolean {
  if (makes.length === 0) return false;
  return makes.length === settledMakes.length && makes.every((m, i) => m === settledMakes[i]);
}
