/** Price rules: the filter panel's field check (page-furniture spec §5) and the query's price range. */
import { MESSAGES } from '@cfs/contracts';
import { formatNumber } from './display';

/** Digits with an optional $ prefix and correctly placed thousands separators; no decimals, no leading zeros. */
const PRICE_TEXT = /^\$?(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)$/;
const MAX_PRICE_TEXT = 10;

export type PriceMessage = typeof MESSAGES.priceSame | typeof MESSAGES.priceMaxGreater | typeof MESSAGES.priceMaxPositive;

/**
 * Reads a price field: 1 to 10 characters (after trimming), digits only with an optional $
 * prefix and thousands separators, no decimals, no leading zeros ("0" itself is allowed so that
 * a max of 0 can be reported). Returns the amount, or null when the text is not a price.
 */
export function parsePrice(raw: unknown): number | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (s.length < 1 || s.length > MAX_PRICE_TEXT || !PRICE_TEXT.test(s)) return null;
  return Number(s.replace(/[$,]/g, ''));
}

/** The spec's message for a min/max pair, or null. Order: max > 0, then not the same, then max > min. */
export function priceRangeMessage(min: number | null | undefined, max: number | null | undefined): PriceMessage | null {
  if (max != null && max <= 0) return MESSAGES.priceMaxPositive;
  if (min != null && max != null) {
    if (min === max) return MESSAGES.priceSame;
    if (max < min) return MESSAGES.priceMaxGreater;
  }
  return null;
}

export interface PriceCheck {
  min: number | null;
  max: number | null;
  /** Fields whose text is not a price: the panel clears them (the spec has no text for this). */
  invalid: ('min' | 'max')[];
  message: PriceMessage | null;
}

/** Full check of the two price fields. Empty fields are fine; a field that is not a price counts as cleared. */
export function checkPrice(min?: string, max?: string): PriceCheck {
  const lo = parsePrice(min);
  const hi = parsePrice(max);
  const invalid: ('min' | 'max')[] = [];
  if (min != null && min.trim() !== '' && lo === null) invalid.push('min');
  if (max != null && max.trim() !== '' && hi === null) invalid.push('max');
  return { min: lo, max: hi, invalid, message: priceRangeMessage(lo, hi) };
}

/**
 * The filter panel's validation of min and max price: one of the spec's verbatim messages
 * ('Min and Max price cannot be the same.', 'Max price must be greater than Min price.',
 * 'Max price must be greater than 0.') or null. A field that is not a valid price text is treated
 * as cleared (the spec clears a field in error); use checkPrice to learn which fields those are.
 */
export function validatePrice(min?: string, max?: string): PriceMessage | null {
  return checkPrice(min, max).message;
}

/**
 * Price range of a query. A min or max of 0 means no bound and is dropped (the panel refuses a
 * max of 0). When min is above max the range can match nothing, and which bound is wrong cannot be
 * known, so both are dropped (the search widens rather than silently inventing a range, and the
 * panel likewise clears a field in error). min equal to max is a satisfiable range and is kept.
 */
export function normalisePriceRange(min: number | undefined, max: number | undefined): { minPrice?: number; maxPrice?: number } {
  const lo = min ? min : undefined;
  const hi = max ? max : undefined;
  if (lo !== undefined && hi !== undefined && lo > hi) return {};
  return { ...(lo !== undefined && { minPrice: lo }), ...(hi !== undefined && { maxPrice: hi }) };
}

/** "$12,345" (whole dollars); '' for a value that is not a finite number. */
export function formatPrice(n: number): string {
  const text = formatNumber(n);
  return text.startsWith('-') ? `-$${text.slice(1)}` : text && `$${text}`;
}
