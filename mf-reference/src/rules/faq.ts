/**
 * FAQs: the mileage FAQ (page-furniture §5; mileage data §3; search-results §9: threshold 50000,
 * values over 250000 ignored) and the used-vehicle averages (page-furniture §9).
 */
import { LIMITS, API_PATHS, type SearchQuery } from '@cfs/contracts';
import { formatNumber, formatPrice, mileageStatValid } from '@cfs/search-query';
import type { PricingAnswer } from './pricing';

export const MILEAGE_STATS_PATH = API_PATHS.mileageStats;

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

/** The mileage statistics the FAQ tells (page-furniture §3 'Mileage data'); null: not answered or not usable. */
export interface MileageStats {
  count: number;
  averageMiles: number | null;
  mileageMax: number | null;
  mileagePerYearMean: number | null;
  percentModel: number | null;
  percentAllCar: number | null;
  /** Percentage points of the model's share over the threshold above (or below) all cars' share. */
  difference: number | null;
  /** The scale `difference` is measured on (its largest size). */
  maxDifference: number | null;
  /** The model as the statistics name it, and how many of its cars for sale are over the threshold. */
  highestMileageName: string | null;
  highestMileageCount: number | null;
  /** The shares the statistics compare, by name ('Over 50,000 miles', 'All cars'). */
  facetStats: { name: string; percent: number }[];
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
    ...differenceOf(b.difference, b.maxDifference),
    highestMileageName: typeof b.highestMileageName === 'string' && b.highestMileageName.trim() ? b.highestMileageName.trim() : null,
    highestMileageCount:
      typeof b.highestMileageCount === 'number' && Number.isInteger(b.highestMileageCount) && b.highestMileageCount >= 0
        ? b.highestMileageCount
        : null,
    facetStats: Array.isArray(b.facetStatsCalculate)
      ? (b.facetStatsCalculate as unknown[]).flatMap((f) => {
          const s = (f ?? {}) as { name?: unknown; percent?: unknown };
          const percent = pct(s.percent);
          return typeof s.name === 'string' && s.name.trim() && percent !== null ? [{ name: s.name.trim(), percent }] : [];
        })
      : [],
  };
}

/** The difference and its scale, when the difference is a number within the scale. */
function differenceOf(difference: unknown, max: unknown): Pick<MileageStats, 'difference' | 'maxDifference'> {
  const scale = typeof max === 'number' && Number.isFinite(max) && max > 0 ? max : null;
  const ok = typeof difference === 'number' && Number.isFinite(difference) && scale !== null && Math.abs(difference) <= scale;
  return { difference: ok ? difference : null, maxDifference: scale };
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
  /** Figures the answer compares, shown beside it (name and value as text). */
  figures?: { name: string; value: string }[];
}

/** The mileage FAQ's question and answer, from the statistics (threshold 50,000 miles). */
export function mileageFaq(name: string, stats: MileageStats): Faq {
  const parts = [`The average used ${name} for sale has ${formatNumber(stats.averageMiles ?? 0)} miles.`];
  if (stats.mileagePerYearMean !== null) parts.push(`That is about ${formatNumber(stats.mileagePerYearMean)} miles a year.`);
  if (stats.percentModel !== null) {
    const count =
      stats.highestMileageCount !== null
        ? ` (${formatNumber(stats.highestMileageCount)} ${stats.highestMileageCount === 1 ? 'car' : 'cars'})`
        : '';
    const over = `${formatNumber(stats.percentModel, 1)}% of them${count} have over ${formatNumber(LIMITS.mileageThreshold)} miles`;
    if (stats.percentAllCar === null) parts.push(`${over}.`);
    else if (stats.difference === null || stats.difference === 0)
      parts.push(`${over}, compared with ${formatNumber(stats.percentAllCar, 1)}% of all cars.`);
    else {
      const points = Math.abs(stats.difference);
      const more = stats.difference > 0 ? 'more' : 'fewer';
      parts.push(
        `${over}: ${formatNumber(points)} ${points === 1 ? 'point' : 'points'} ${more} than all cars (${formatNumber(stats.percentAllCar, 1)}%).`,
      );
    }
  }
  if (stats.mileageMax !== null) parts.push(`The highest mileage among them is ${formatNumber(stats.mileageMax)} miles.`);
  return {
    question: `How many miles does a used ${name} usually have?`,
    answer: parts.join(' '),
    ...(stats.facetStats.length
      ? { figures: stats.facetStats.map((f) => ({ name: f.name, value: `${formatNumber(f.percent, 1)}%` })) }
      : {}),
  };
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
