/**
 * The validation rules of both specs (search-results §5, page-furniture §2 and §5), one function
 * each, so any rule is found in one hop.
 */
import { LIMITS, MESSAGES, SORT_VALUES, type SortBy } from '@cfs/contracts';

/** ZIP: only the first 5 characters are kept and they must be 5 digits, otherwise dropped. */
export function normaliseZip(zip: string | undefined): string | undefined {
  if (zip == null) return undefined;
  const five = zip.slice(0, 5);
  return /^\d{5}$/.test(five) ? five : undefined;
}

/** Exactly 5 digits (the filter panel and location editor check; the server check follows). */
export function validZip(zip: string): boolean {
  return /^\d{5}$/.test(zip);
}

/** Search radius: values below 100 are kept, anything else becomes 100; 0 means nationwide. */
export function normaliseRadius(radius: number | undefined): number | undefined {
  if (radius == null || !Number.isFinite(radius) || radius < 0) return undefined;
  return radius < LIMITS.searchRadiusCap ? Math.floor(radius) : LIMITS.searchRadiusCap;
}

/** Excluded listing ids are sent only if the list holds 1 to 25 ids. */
export function excludedIdsParam(ids: string[] | undefined): string[] | undefined {
  if (!ids || ids.length < 1 || ids.length > LIMITS.excludedIdsMax) return undefined;
  return ids;
}

/** The spec gives two defaults: the state default (relevance) and the option file's (derivedpriceDESC). */
export function defaultSort(reading: 'state' | 'optionFile' = 'state'): SortBy {
  return reading === 'optionFile' ? 'derivedpriceDESC' : 'relevance';
}

export function isSortValue(v: string | undefined): v is SortBy {
  return !!v && (SORT_VALUES as readonly string[]).includes(v);
}

/** Years for NEW listings: 4 years starting two years before the current year, plus 'Any' (0). */
export function newCarYears(currentYear: number): { label: string; value: number }[] {
  const first = currentYear - 2;
  return [{ label: 'Any', value: 0 }, ...[0, 1, 2, 3].map((i) => ({ label: String(first + i), value: first + i }))];
}

/** Listing title: any suffix from ' w/' is removed. */
export function displayTitle(title: string): string {
  const i = title.indexOf(' w/');
  return (i >= 0 ? title.slice(0, i) : title).trim();
}

/** Distance is rounded to 2 decimals. */
export function roundDistance(miles: number): number {
  return Math.round((miles + Number.EPSILON) * 100) / 100;
}

/** Mileage statistics: values over 250000, or 0 or less, are ignored. */
export function mileageStatValid(v: number): boolean {
  return Number.isFinite(v) && v > 0 && v <= LIMITS.mileageCeiling;
}

/** "$12,345" */
export function formatPrice(n: number): string {
  return `$${Math.round(n).toLocaleString('en-US')}`;
}

const PRICE_RE = /^\$?(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)$/;

/** Parses a price field: digits with an optional $ and thousands separators, 1 to 10 characters. */
export function parsePrice(raw: string): number | null {
  const s = raw.trim();
  if (s.length < 1 || s.length > 10 || !PRICE_RE.test(s)) return null;
  return Number(s.replace(/[$,]/g, ''));
}

/**
 * Price min and max (page-furniture §5): returns the spec's message, or null when valid.
 * A value that is not a valid price is reported as 'invalid' so the field can be cleared.
 */
export function validatePrice(min?: string, max?: string): string | null {
  const lo = min ? parsePrice(min) : null;
  const hi = max ? parsePrice(max) : null;
  if ((min && lo === null) || (max && hi === null)) return 'invalid';
  if (hi !== null && hi <= 0) return MESSAGES.priceMaxPositive;
  if (lo !== null && hi !== null) {
    if (lo === hi) return MESSAGES.priceSame;
    if (hi < lo) return MESSAGES.priceMaxGreater;
  }
  return null;
}
