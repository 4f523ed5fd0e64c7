/**
 * When the model reference section shows, and for which make and model.
 */
import type { SearchQuery, SearchResult } from '@cfs/contracts';

export interface SelectedModel {
  makeCode: string;
  modelCode: string;
  /** Display names, taken from the search result's listings; the codes when no listing names them. */
  makeName: string;
  modelName: string;
}

/**
 * The section shows only when exactly one make and exactly one model are selected (the spec says
 * "reference tabs show by conditions on the URL type"; a single make and model is the page type the
 * model reference is about). Otherwise it renders nothing.
 */
export function selectedModel(query: SearchQuery, result: SearchResult | null): SelectedModel | null {
  if (query.makeCode?.length !== 1 || query.modelCode?.length !== 1) return null;
  const makeCode = query.makeCode[0];
  const modelCode = query.modelCode[0];
  if (!makeCode || !modelCode) return null;
  const same = (a: string | undefined, b: string) => !!a && a.toUpperCase() === b.toUpperCase();
  const listings = result?.listings ?? [];
  const makeName = listings.find((l) => same(l.make?.code, makeCode))?.make.name ?? makeCode;
  const modelName = listings.find((l) => same(l.make?.code, makeCode) && same(l.model?.code, modelCode))?.model.name ?? modelCode;
  return { makeCode, modelCode, makeName, modelName };
}
