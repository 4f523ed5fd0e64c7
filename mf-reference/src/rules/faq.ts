/**
 * FAQs: the mileage FAQ (page-furniture §5; mileage data §3; search-results §9: threshold 50000,
 * values over 250000 ignored) and the used-vehicle averages (page-furniture §9).
 */
import { LIMITS, type SearchQuery } from '@cfs/contracts';
import { formatNumber, formatPrice, mileageStatValid } from '@cfs/search-query';
import type { PricingAnswer } from './pricing';

export const MILEAGE_STATS_PATH = '/rest/lsc/crawl/stats/mileage';

const USED_TYPES = ['USED', 'CERTIFIED', '3P_CERT'];

/** A used search: every listing type asked for is a used kind (used, certified, third-party certified). */
export function isUsedSearch(query: SearchQuery): boolean {
  const types = query.listingType ?? [];
  return types.length > 0 && types.every((t) => USED_TYPES.includes(t.toUpperCase()));
}

/** Mileage statistics are asked for only where the FAQ can show: used searches with more than 14 results. */
export function mileageStatsWanted(query: SearchQuery, totalResults: number): boolean {
  return isUsedSearch(query) && totalResults > LIMITS.mileageFaqMinResults;
}

export function mileageStatsUrl(makeCode: string, modelCode: string, query: SearchQuery): string {
  const types = (query.listingType ?? []).map((t) => t.toUpperCase()).join(',');
  return `${MILEAGE_STATS_PATH}?makeCode=${encodeURIComponent(makeCode)}&modelCode=${encodeURIComponent(modelCode)}&listingType=${encodeURIComponent(types)}`;
}

export interface MileageStats {
  count: number;
  averageMiles: number | null;
  mileageMax: number | null;
  mileagePerYearMean: number | null;
  percentModel: number | null;
  percentAllCar: number | null;
}

const pct = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100 ? v : null);
/** A mileage value, or null when it is to be ignored (over 250000, or 0 or less). */
const miles = (v: unknown) => (mileageStatValid(v) ? (v as number) : null);

export function readMileageStats(body: unknown): MileageStats {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    count: typeof b.count === 'number' && Number.isFinite(b.count) ? b.count : 0,
    averageMiles: miles(b.averageMiles),
    mileageMax: miles(b.mileageMax),
    mileagePerYearMean: miles(b.mileagePerYearMean),
    percentModel: pct(b.percentModel),
    percentAllCar: pct(b.percentAllCar),
  };
}

/**
 * The mileage FAQ shows for used searches with more than 14 results and a total mileage count
 * above 1 (page-furniture §5), when the statistics give an average to tell.
 */
export function mileageFaqShows(query: SearchQuery, totalResults: number, stats: MileageStats | null): boolean {
  return mileageStatsWanted(query, totalResults) && !!stats && stats.count > LIMITS.mileageFaqMinCount && stats.averageMiles !== null;
}

export interface Faq {
  question: string;
  answer: string;
}

/** The mileage FAQ's question and answer, from the statistics (threshold 50,000 miles). */
export function mileageFaq(name: string, stats: MileageStats): Faq {
  const parts = [`The average used ${name} for sale has ${formatNumber(stats.averageMiles ?? 0)} miles.`];
  if (stats.mileagePerYearMean !== null) parts.push(`That is about ${formatNumber(stats.mileagePerYearMean)} miles a year.`);
  if (stats.percentModel !== null) {
    const over = `${formatNumber(stats.percentModel, 1)}% of them have over ${formatNumber(LIMITS.mileageThreshold)} miles`;
    parts.push(stats.percentAllCar !== null ? `${over}, compared with ${formatNumber(stats.percentAllCar, 1)}% of all cars.` : `${over}.`);
  }
  return { question: `How many miles does a used ${name} usually have?`, answer: parts.join(' ') };
}

/** The used-vehicle averages (page-furniture §9: 12.5 years, 15,000 miles a year). */
export function usedAveragesFaq(): Faq {
  return {
    question: 'How old is the average used vehicle, and how far is it driven?',
    answer: `The average used vehicle is about ${formatNumber(LIMITS.usedVehicleAverageAgeYears, 1)} years old and is driven about ${formatNumber(LIMITS.usedVehicleMilesPerYear)} miles a year.`,
  };
}

/** The pricing FAQ, from the model-year price rows: the lowest and highest starting prices. */
export function pricingFaq(name: string, pricing: PricingAnswer): Faq | null {
  const starts = pricing.modelYears.map((r) => r.startingPrice).filter((n): n is number => typeof n === 'number' && Number.isFinite(n));
  if (!starts.length) return null;
  const years = pricing.modelYears.length;
  return {
    question: `How much does a ${name} cost?`,
    answer: `Across ${years} model ${years === 1 ? 'year' : 'years'} for sale, starting prices of the ${name} range from ${formatPrice(Math.min(...starts))} to ${formatPrice(Math.max(...starts))}.`,
  };
}

/** The trims FAQ, from the compare-trims answer. */
export function trimsFaq(name: string, year: number, trimNames: readonly string[]): Faq | null {
  if (!trimNames.length) return null;
  return {
    question: `What trims does the ${year} ${name} come in?`,
    answer: `The ${year} ${name} comes in ${trimNames.length} ${trimNames.length === 1 ? 'trim' : 'trims'}: ${trimNames.join(', ')}.`,
  };
}
