/**
 * Consumer ratings (page-furniture §3: ratings (name, value; includes 'Overall Rating'),
 * numberOfReviews; §5: when they are fetched; §7: by vehicleId after the reference vehicles).
 */
import { includesPrivateSellers, API_PATHS, type SearchQuery } from '@cfs/contracts';

export const CONSUMER_RATINGS_PATH = API_PATHS.consumerRatings;
export const OVERALL_RATING = 'Overall Rating';

const one = (v: string[] | undefined) => Array.isArray(v) && v.length === 1;
const some = (v: string[] | undefined) => Array.isArray(v) && v.length > 0;

/** The listing types that narrow the ratings: new or certified (page-furniture §5). */
const NARROWING_TYPES = ['NEW', 'CERTIFIED', '3P_CERT'];

/**
 * Consumer ratings are fetched only when a single make and model are selected, a year is known,
 * no trim is chosen, and no narrowing filters apply: new or certified type, private seller, style,
 * drive, engine, fuel, a single price bound, mpg range (page-furniture §5).
 */
export function consumerReviewsWanted(query: SearchQuery, year: number | null): boolean {
  if (!one(query.makeCode) || !one(query.modelCode)) return false;
  if (year === null || !Number.isInteger(year)) return false;
  if (some(query.trimCode)) return false;
  if ((query.listingType ?? []).some((t) => NARROWING_TYPES.includes(t.toUpperCase()))) return false;
  if (includesPrivateSellers(query.sellerType)) return false;
  if (some(query.vehicleStyleCode) || some(query.driveGroup) || some(query.engineCode) || some(query.fuelTypeGroup)) return false;
  if ((typeof query.minPrice === 'number') !== (typeof query.maxPrice === 'number')) return false;
  if (query.mpgRange) return false;
  return true;
}

export function consumerRatingsUrl(vehicleId: string): string | null {
  return /^\d{6}$/.test(vehicleId) ? `${CONSUMER_RATINGS_PATH}?vehicleId=${vehicleId}` : null;
}

export interface ConsumerRatings {
  ratings: { name: string; value: number }[];
  numberOfReviews: number;
}

/** Ratings of 0 to 5 with a name, 'Overall Rating' first; no reviews means no ratings. */
export function readRatings(body: unknown): ConsumerRatings {
  const b = (body ?? {}) as { ratings?: unknown; numberOfReviews?: unknown };
  const n = typeof b.numberOfReviews === 'number' && Number.isInteger(b.numberOfReviews) && b.numberOfReviews > 0 ? b.numberOfReviews : 0;
  const ratings = (Array.isArray(b.ratings) ? (b.ratings as { name?: unknown; value?: unknown }[]) : [])
    .filter((r) => r && typeof r.name === 'string' && r.name.trim() && typeof r.value === 'number' && r.value >= 0 && r.value <= 5)
    .map((r) => ({ name: String(r.name).trim(), value: Math.round(Number(r.value) * 10) / 10 }));
  ratings.sort((a, b) => Number(b.name === OVERALL_RATING) - Number(a.name === OVERALL_RATING));
  return n ? { ratings, numberOfReviews: n } : { ratings: [], numberOfReviews: 0 };
}
