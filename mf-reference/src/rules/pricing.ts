/**
 * The Pricing tab's data: GET /rest/research/pricing?makeCode=X&modelCode=Y.
 */
import { API_PATHS, type ModelYearPriceRow } from '@cfs/contracts';

export const PRICING_PATH = API_PATHS.modelPricing;

export interface PricingAnswer {
  modelYears: ModelYearPriceRow[];
  /** Trim price rows, the same shape as model-year rows (page-furniture §3). */
  trims: ModelYearPriceRow[];
}

export function pricingUrl(makeCode: string, modelCode: string): string {
  return `${PRICING_PATH}?makeCode=${encodeURIComponent(makeCode)}&modelCode=${encodeURIComponent(modelCode)}`;
}

const isRow = (r: unknown): r is ModelYearPriceRow =>
  !!r &&
  typeof r === 'object' &&
  (typeof (r as ModelYearPriceRow).value === 'string' || typeof (r as ModelYearPriceRow).value === 'number');

/** Tolerates a partial answer (the gateway's fallback is { modelYears: [], trims: [] }). */
export function readPricing(body: unknown): PricingAnswer {
  const b = (body ?? {}) as Partial<PricingAnswer>;
  return {
    modelYears: Array.isArray(b.modelYears) ? b.modelYears.filter(isRow) : [],
    trims: Array.isArray(b.trims) ? b.trims.filter(isRow) : [],
  };
}

/** Only same-origin paths and http(s) URLs from the data become links. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return /^https?:\/\//i.test(href) ? href : undefined;
}
