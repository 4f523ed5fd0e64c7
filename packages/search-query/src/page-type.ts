import type { SearchQuery } from '@cfs/contracts';

export const PAGE_TYPES = [
  'year-make-model-trim',
  'make-model-trim',
  'year-make-model',
  'make-model',
  'make-bodystyle',
  'make',
  'bodystyle',
  'color',
  'city',
  'sellertype',
  'price',
  'fuel',
  'drive',
  'feature',
  'all',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

const one = (v: unknown) => Array.isArray(v) && v.length === 1;
const some = (v: unknown) => Array.isArray(v) && v.length > 0;
const num = (v: unknown) => typeof v === 'number';

/**
 * The page type, from which parameters are present (page-furniture spec §2):
 * - a single make, model and trim, and a single year (startYear = endYear): year-make-model-trim;
 *   without the year make-model-trim; without the trim year-make-model or make-model;
 * - a single make with a body style: make-bodystyle; a single make alone: make;
 * - otherwise the first present of: body style, exterior color, city, seller type, price (min or
 *   max), fuel group, drive group, feature code; else all.
 * Several makes (or models, trims) do not make a make (model, trim) page.
 */
export function pageType(q: SearchQuery): PageType {
  if (q === null || typeof q !== 'object') return 'all';
  const year = num(q.startYear) && q.startYear === q.endYear;
  if (one(q.makeCode)) {
    if (one(q.modelCode)) {
      if (one(q.trimCode)) return year ? 'year-make-model-trim' : 'make-model-trim';
      return year ? 'year-make-model' : 'make-model';
    }
    return some(q.vehicleStyleCode) ? 'make-bodystyle' : 'make';
  }
  if (some(q.vehicleStyleCode)) return 'bodystyle';
  if (some(q.extColorSimple)) return 'color';
  if (typeof q.city === 'string' && q.city) return 'city';
  if (some(q.sellerType)) return 'sellertype';
  if (num(q.minPrice) || num(q.maxPrice)) return 'price';
  if (some(q.fuelTypeGroup)) return 'fuel';
  if (some(q.driveGroup)) return 'drive';
  if (some(q.featureCode)) return 'feature';
  return 'all';
}

/** The page types of one make and one model, with or without a year or trim: the model reference is about them. */
export const MODEL_PAGE_TYPES: readonly PageType[] = ['make-model', 'year-make-model', 'make-model-trim', 'year-make-model-trim'];

/** Whether a search is about one model (its page shows the model reference section). */
export function isModelPage(q: SearchQuery): boolean {
  return MODEL_PAGE_TYPES.includes(pageType(q));
}
