/** Make, model and trim rules (page-furniture spec §2 and §4, search-results spec §5). */
import { LIMITS } from '@cfs/contracts';
import { listItems } from './values';

/** Whether a trim belongs to a make and model, from the reference data. */
export type TrimBelongs = (make: string, model: string, trim: string) => boolean;

/** Values that mean nothing without a selected make: the model and trim filters are enabled only when a make is selected. */
export const NEEDS_MAKE = ['modelCode', 'trimCode', 'seriesCode', 'packages'] as const;

/**
 * Make and model codes are upper-case identifiers (FORD, F150): case is folded, then the list is
 * cleaned again (upper-casing can lengthen text, 'ß' -> 'SS', past the item length limit).
 */
export function normaliseCodes(codes: string[] | undefined): string[] {
  return listItems((codes ?? []).map((c) => c.toUpperCase()));
}

/** At most LIMITS.makeLimit (5) makes; the first ones are kept. */
export function normaliseMakes(codes: string[] | undefined): string[] {
  return normaliseCodes(codes).slice(0, LIMITS.makeLimit);
}

/**
 * Trims kept: a trim needs a model (and so a make). With a reference lookup, a trim is kept only
 * if it belongs to a selected make and model (with one make and one model, that pair; with
 * several, any selected pair). Without a lookup, or when the lookup throws (reference data
 * unavailable), trims are kept.
 */
export function keepTrims(trims: string[] | undefined, makes: string[], models: string[], belongs?: TrimBelongs): string[] {
  if (!trims?.length || !makes.length || !models.length) return [];
  if (typeof belongs !== 'function') return trims;
  return trims.filter((trim) => makes.some((make) => models.some((model) => ask(belongs, make, model, trim))));
}

function ask(belongs: TrimBelongs, make: string, model: string, trim: string): boolean {
  try {
    return Boolean(belongs(make, model, trim));
  } catch {
    return true;
  }
}
