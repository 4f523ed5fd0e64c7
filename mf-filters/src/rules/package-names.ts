/**
 * The Package filter's options (search-results §3 'Model, Series, Trim, Package'; §7 the packages
 * lookup): once a model is chosen, the package names of that make and model (and trim, when one is
 * chosen) come from GET /cars-for-sale/searchoptions/packages (makeCode, modelCode, trimCode ->
 * results.packageNames; 5000 ms, then 'Request timed out'). Their live counts come from the
 * search's packages facet. Until the lookup answers, or when it fails (a timeout, an open breaker),
 * the facet's own options stand in: the shopper still picks from the packages the results have.
 */
import { API_PATHS, type FacetOption, type SearchQuery } from '@cfs/contracts';

export const PACKAGES_PATH = API_PATHS.packages;

/** The lookup's URL for the query: one make and one model chosen (null: not asked). */
export function packageNamesUrl(q: SearchQuery): string | null {
  const makes = q.makeCode ?? [];
  const models = q.modelCode ?? [];
  if (makes.length !== 1 || models.length !== 1) return null;
  const params = new URLSearchParams({ makeCode: makes[0], modelCode: models[0] });
  // One trim chosen: its packages (the lookup takes one trim).
  const trims = q.trimCode ?? [];
  if (trims.length === 1) params.set('trimCode', trims[0]);
  return `${PACKAGES_PATH}?${params}`;
}

/** The lookup's answer as package names; throws on any other shape (read as failed). */
export function readPackageNames(body: unknown): string[] {
  const names = (body as { results?: { packageNames?: unknown } } | null)?.results?.packageNames;
  if (!Array.isArray(names)) throw new Error('not a package lookup answer');
  return [...new Set(names.filter((n): n is string => typeof n === 'string' && n.trim() !== ''))];
}

/** The filter's options: the looked-up names in their order, counted from the facet where it answers. */
export function packageOptions(names: readonly string[], facet: readonly FacetOption[]): (FacetOption & { unlisted?: boolean })[] {
  return names.map((name) => {
    const hit = facet.find((o) => o.value === name);
    return hit ? { ...hit } : { value: name, label: name, count: NaN, unlisted: true };
  });
}
