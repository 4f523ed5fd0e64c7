/** Display rules for listings and statistics (search-results spec §3, §5, §9). */
import { LIMITS } from '@cfs/contracts';

/** Listing title: cut at the text ' w/' (the suffix from there is removed). */
export function displayTitle(title: unknown): string {
  if (typeof title !== 'string') return '';
  const i = title.indexOf(' w/');
  return i >= 0 ? title.slice(0, i).trimEnd() : title;
}

/** Distance in miles rounded to 2 decimals (half away from zero on the written decimals: 1.005 -> 1.01). */
export function roundDistance(miles: number): number {
  if (typeof miles !== 'number' || !Number.isFinite(miles)) return miles;
  // Beyond this size a double carries no meaningful hundredths (and `${n}e2` would be exponent text).
  if (Math.abs(miles) >= 2 ** 46) return miles;
  const text = String(Math.abs(miles));
  const shifted = text.includes('e') ? Math.abs(miles) * 100 : Number(`${text}e2`);
  const r = Math.round(shifted) / 100;
  return miles < 0 && r !== 0 ? -r : r;
}

/** Mileage statistics: values over 250000, or 0 or less, are ignored. */
export function mileageStatValid(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= LIMITS.mileageCeiling;
}
