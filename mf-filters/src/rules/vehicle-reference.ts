import { API_PATHS } from '@cfs/contracts';
/**
 * Which make a model belongs to, and which trims a make and model have, from the gateway's shared
 * reference lookup (GET /rest/lsc/reference). The facets give the live counts; this gives the
 * membership the flat query lists lack (makeCode, modelCode and trimCode are each one list), so
 * each make's row offers its own models and each model its own trims (page-furniture §3: modelCode
 * per make, trimCode per model). Fetched in the browser only (effects), once per page; until it
 * answers, or when it fails, the panel falls back to the facets alone.
 */
import { api } from '@cfs/remote-kit';

export const REFERENCE_PATH = API_PATHS.referenceLookup;

/** model code -> make code. */
export type ModelMakes = ReadonlyMap<string, string>;

let models: Promise<ModelMakes | null> | null = null;
const trims = new Map<string, Promise<string[] | null>>();

export function loadModelMakes(): Promise<ModelMakes | null> {
  models ??= api<{ models?: { makeCode: string; code: string }[] }>(`${REFERENCE_PATH}?category=model`)
    .then((body) => (Array.isArray(body?.models) ? new Map(body.models.map((m) => [m.code, m.makeCode])) : null))
    .catch(() => {
      models = null; // a later mount asks again
      return null;
    });
  return models;
}

export function loadTrims(make: string, model: string): Promise<string[] | null> {
  const key = `${make}|${model}`;
  let p = trims.get(key);
  if (!p) {
    const params = new URLSearchParams({ category: 'trim', makeCode: make, modelCode: model });
    p = api<{ trims?: { code: string }[] }>(`${REFERENCE_PATH}?${params}`)
      .then((body) => (Array.isArray(body?.trims) ? body.trims.map((t) => t.code) : null))
      .catch(() => {
        trims.delete(key);
        return null;
      });
    trims.set(key, p);
  }
  return p;
}

/** For tests: forget what was loaded. */
export function resetReference(): void {
  models = null;
  trims.clear();
}
