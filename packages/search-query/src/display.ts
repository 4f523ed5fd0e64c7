/** Display rules for listings and statistics (search-results spec §3, §5, §9). */
import { LIMITS } from '@cfs/contracts';

/** Listing title: cut at the text ' w/' (the suffix from there is removed). */
export function displayTitle(title: unknown): string {
  if (typeof title !== 'string') return '';
  const i = title.indexOf(' w/');
  return i >= 0 ? title.slice(0, i).trimEnd() : title;
}

/**
 * A number as the page shows it, grouped in thousands: 12345 -> "12,345", 1234.5 -> "1,234.5"
 * (rounded to `maxFractionDigits`, trailing zeros dropped). The one number format of the page:
 * plain string work, so it costs nothing per call (toLocaleString builds an ICU formatter each
 * time, tens of microseconds, which hundreds of cards and filter counts add up to).
 */
export function formatNumber(n: number, maxFractionDigits = 0): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  const scale = 10 ** Math.max(0, Math.min(6, Math.floor(maxFractionDigits)));
  const scaled = Math.round(Math.abs(n) * scale);
  const whole = Math.floor(scaled / scale);
  const fraction =
    scale > 1
      ? String(scaled % scale)
          .padStart(String(scale).length - 1, '0')
          .replace(/0+$/, '')
      : '';
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 && scaled !== 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
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
