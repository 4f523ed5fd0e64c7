/**
 * When the model reference section shows, and for which make and model.
 */
import { API_PATHS, type SearchQuery, type PageSearchResult } from '@cfs/contracts';
import { MODEL_PAGE_TYPES, pageType, type PageType } from '@cfs/search-query';

export interface SelectedModel {
  makeCode: string;
  modelCode: string;
  /** Display names, taken from the search result's listings; the codes when no listing names them. */
  makeName: string;
  modelName: string;
  /** The page type (search-query's pageType): which tabs show depends on it. */
  pageType: PageType;
}

/**
 * The section shows on the page types of one make and one model (page-furniture §5: reference tabs
 * show by conditions on the URL type). Otherwise it renders nothing.
 */
export function selectedModel(query: SearchQuery, result: PageSearchResult | null): SelectedModel | null {
  const type = pageType(query);
  if (!MODEL_PAGE_TYPES.includes(type)) return null;
  const makeCode = query.makeCode?.[0];
  const modelCode = query.modelCode?.[0];
  if (!makeCode || !modelCode) return null;
  const same = (a: string | undefined, b: string) => !!a && a.toUpperCase() === b.toUpperCase();
  const listings = result?.listings ?? [];
  const makeName = listings.find((l) => same(l.make?.code, makeCode))?.make.name ?? makeCode;
  const modelName = listings.find((l) => same(l.make?.code, makeCode) && same(l.model?.code, modelCode))?.model.name ?? modelCode;
  return { makeCode, modelCode, makeName, modelName, pageType: type };
}

/** The single model year of the query (startYear equal to endYear), else null. */
export function queryYear(query: SearchQuery): number | null {
  const { startYear, endYear } = query;
  return typeof startYear === 'number' && startYear === endYear ? startYear : null;
}

/** The year the reference content is about: the query's single year, else the newest model year the lookup knows. */
export function referenceYear(query: SearchQuery, modelYears: readonly number[] | null): number | null {
  const y = queryYear(query);
  if (y !== null) return y;
  const known = (modelYears ?? []).filter((n) => Number.isInteger(n));
  return known.length ? Math.max(...known) : null;
}

export const MODEL_YEARS_PATH = API_PATHS.modelYears;

export function modelYearsUrl(makeCode: string, modelCode: string): string {
  return `${MODEL_YEARS_PATH}?makeCode=${encodeURIComponent(makeCode)}&modelCode=${encodeURIComponent(modelCode)}`;
}

/** The model years lookup's answer ({ years: number[] }). */
export function readModelYears(body: unknown): number[] {
  const years = (body as { years?: unknown } | null)?.years;
  return Array.isArray(years) ? years.filter((y): y is number => typeof y === 'number' && Number.isInteger(y)) : [];
}
