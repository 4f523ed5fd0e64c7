import type { SearchQuery } from '@cfs/contracts';

const one = (v?: string[]) => v?.length === 1;

/**
 * The page type, derived from which parameters are present: make; make and model; make, model
 * and trim; year, make and model; year, make, model and trim; plus variants by city, color, body
 * style, seller type, price, fuel group, drive group and feature code.
 */
export function pageType(q: SearchQuery): string {
  const year = q.startYear !== undefined && q.startYear === q.endYear;
  if (one(q.makeCode)) {
    if (one(q.modelCode)) {
      if (one(q.trimCode)) return year ? 'year-make-model-trim' : 'make-model-trim';
      return year ? 'year-make-model' : 'make-model';
    }
    if (q.vehicleStyleCode?.length) return 'make-bodystyle';
    return 'make';
  }
  if (q.vehicleStyleCode?.length) return 'bodystyle';
  if (q.extColorSimple?.length) return 'color';
  if (q.city) return 'city';
  if (q.sellerType?.length) return 'sellertype';
  if (q.minPrice !== undefined || q.maxPrice !== undefined) return 'price';
  if (q.fuelTypeGroup?.length) return 'fuel';
  if (q.driveGroup?.length) return 'drive';
  if (q.featureCode?.length) return 'feature';
  return 'all';
}
