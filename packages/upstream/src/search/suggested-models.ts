/**
 * The suggested model items of a search (page-furniture §3 'Suggested model item'), which the page
 * asks about in its model-name clarification.
 *
 * designed: a model chosen in the search whose name is the first word or words of another model's
 * name of the same make suggests that other model (the Ford Mustang suggests the Ford Mustang
 * Mach-E: a shopper who chose 'Mustang' may have meant the electric one, a different model code);
 * one that is chosen too is not suggested. At most one suggestion per chosen model, in catalogue
 * order.
 */
import type { SearchQuery, SuggestedModelItem } from '@cfs/contracts';
import type { MakeSpec } from '../catalogue/vehicles';

export function suggestedModels(q: Pick<SearchQuery, 'makeCode' | 'modelCode'>, makes: readonly MakeSpec[]): SuggestedModelItem[] {
  const chosen = new Set((q.modelCode ?? []).map((c) => c.toUpperCase()));
  if (!chosen.size) return [];
  const chosenMakes = new Set((q.makeCode ?? []).map((c) => c.toUpperCase()));
  const out: SuggestedModelItem[] = [];
  for (const make of makes) {
    if (chosenMakes.size && !chosenMakes.has(make.code)) continue;
    for (const model of make.models) {
      if (!chosen.has(model.code)) continue;
      const other = make.models.find((o) => !chosen.has(o.code) && o.name.toLowerCase().startsWith(`${model.name.toLowerCase()} `));
      if (!other) continue;
      out.push({
        selectedMakeDescription: make.name,
        selectedModelDescription: model.name,
        suggestedMakeDescription: make.name,
        suggestedModelDescription: other.name,
        suggestedMakeCode: make.code,
        suggestedModelCode: other.code,
      });
    }
  }
  return out;
}
