import { EXPERIENCES, LIMITS, LISTING_TYPES, type Brand, type SearchQuery } from '@cfs/contracts';
import { excludedIdsParam, isSortValue, normaliseRadius, normaliseZip } from './rules';

export interface NormaliseContext {
  brand: Brand;
  currentYear: number;
  /** Whether a trim belongs to the make and model (from the reference data); keep when unknown. */
  trimBelongs?: (make: string, model: string, trim: string) => boolean;
}

/** Values that mean nothing without a selected make (model and trim filters need a make). */
const NEEDS_MAKE = ['modelCode', 'trimCode', 'seriesCode', 'packages'] as const;

/**
 * Applies every validation rule to a parsed query. Pure and idempotent:
 * normaliseQuery(normaliseQuery(q)) deep-equals normaliseQuery(q).
 */
export function normaliseQuery(input: SearchQuery, ctx: NormaliseContext): SearchQuery {
  const q: SearchQuery = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue;
    (q as Record<string, unknown>)[k] = Array.isArray(v) ? [...v] : v;
  }

  const zip = normaliseZip(q.zip);
  if (zip) q.zip = zip;
  else delete q.zip;

  const radius = normaliseRadius(q.searchRadius);
  if (radius === undefined) delete q.searchRadius;
  else q.searchRadius = radius;

  const excluded = excludedIdsParam(q.excludedListingId);
  if (excluded) q.excludedListingId = excluded;
  else delete q.excludedListingId;

  if (!isSortValue(q.sortBy)) delete q.sortBy;
  if (q.experience && !(EXPERIENCES as readonly string[]).includes(q.experience)) delete q.experience;

  if (q.listingType) {
    const types = q.listingType.map((t) => t.toUpperCase()).filter((t) => (LISTING_TYPES as readonly string[]).includes(t));
    q.listingType = [...new Set(types)];
    if (!q.listingType.length) delete q.listingType;
  }
  // For the main and magazine brands the listing type defaults to USED when none is given.
  if (!q.listingType && (ctx.brand === 'atc' || ctx.brand === 'magazine')) q.listingType = ['USED'];

  if (q.makeCode) {
    q.makeCode = [...new Set(q.makeCode.map((m) => m.toUpperCase()))].slice(0, LIMITS.makeLimit);
  }
  if (!q.makeCode?.length) {
    delete q.makeCode;
    for (const k of NEEDS_MAKE) delete q[k];
  }
  if (q.modelCode) q.modelCode = [...new Set(q.modelCode.map((m) => m.toUpperCase()))];

  // trimCode is kept only if it belongs to the make and model.
  if (q.trimCode && ctx.trimBelongs) {
    const make = q.makeCode?.length === 1 ? q.makeCode[0] : null;
    const model = q.modelCode?.length === 1 ? q.modelCode[0] : null;
    q.trimCode = make && model ? q.trimCode.filter((t) => ctx.trimBelongs!(make, model, t)) : [];
    if (!q.trimCode.length) delete q.trimCode;
  }
  if (q.trimCode && !q.modelCode) delete q.trimCode;

  // Price: a max of 0 means no max; a min above the max is a mistake, so both are dropped.
  if (q.maxPrice === 0) delete q.maxPrice;
  if (q.minPrice === 0) delete q.minPrice;
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
    delete q.minPrice;
    delete q.maxPrice;
  }

  // Years: plausible model years only, swapped when reversed.
  const maxYear = ctx.currentYear + 2;
  for (const k of ['startYear', 'endYear'] as const) {
    if (q[k] !== undefined && (q[k]! < 1900 || q[k]! > maxYear)) delete q[k];
  }
  if (q.startYear !== undefined && q.endYear !== undefined && q.startYear > q.endYear) {
    [q.startYear, q.endYear] = [q.endYear, q.startYear];
  }

  if (q.firstRecord === 0) delete q.firstRecord;
  if (q.numRecords !== undefined) {
    if (q.numRecords < 1) delete q.numRecords;
    else q.numRecords = Math.min(q.numRecords, LIMITS.supplementalPageSize);
  }
  return q;
}
