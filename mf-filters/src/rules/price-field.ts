/**
 * The Price filter's field rules (page-furniture §5): "digits only, with $ prefix and thousands
 * separator; no decimals or leading zeros; 1 to 10 characters. Messages: 'Min and Max price
 * cannot be the same.', 'Max price must be greater than Min price.', 'Max price must be greater
 * than 0.'. Validation runs on blur only if the value changed; Enter blurs the field. On error
 * the field is cleared." The text and range checks are search-query's `parsePrice` and
 * `priceRangeMessage`; this module decides what a blur does with them.
 */
import type { SearchQuery } from '@cfs/contracts';
import { formatPrice, normalisePriceRange, parsePrice, priceRangeMessage, type PriceMessage } from '@cfs/search-query';

export type PriceField = 'min' | 'max';

/** Longest text a price field takes (the spec's 10 characters). */
export const PRICE_MAX_LENGTH = 10;

/** What a price field shows for a query bound: "$12,345", or empty for no bound. */
export function priceText(value: number | undefined): string {
  return value ? formatPrice(value) : '';
}

export type PriceBlur =
  /** The text did not change since the field was last settled: nothing is validated or searched. */
  | { kind: 'unchanged' }
  /** The field is in error: it is cleared, the message (if any) is shown, its bound is dropped. */
  | { kind: 'error'; message: PriceMessage | null; next: SearchQuery }
  /** Valid: the field shows `text` and the search takes `next` (which may equal the query). */
  | { kind: 'valid'; text: string; next: SearchQuery };

function withBounds(q: SearchQuery, min: number | undefined, max: number | undefined): SearchQuery {
  const next = { ...q };
  delete next.minPrice;
  delete next.maxPrice;
  return { ...next, ...normalisePriceRange(min, max) };
}

/**
 * A blur of one price field. `settled` is the text the field showed before the shopper edited
 * it; `text` is what it shows now. The other bound is the query's (the other field validated
 * itself when it was left).
 *
 * Designed where the spec is silent: a text that is not a price has no message of its own, so
 * the field is only cleared; a cleared field (in error or emptied) is no bound, so the search
 * drops that bound; a min of 0 is no bound.
 */
export function blurPrice(field: PriceField, settled: string, text: string, query: SearchQuery): PriceBlur {
  if (text.trim() === settled.trim()) return { kind: 'unchanged' };
  const other = field === 'min' ? query.maxPrice : query.minPrice;
  const drop = () => withBounds(query, field === 'min' ? undefined : query.minPrice, field === 'max' ? undefined : query.maxPrice);
  if (text.trim() === '') return { kind: 'valid', text: '', next: drop() };
  const value = parsePrice(text);
  if (value === null) return { kind: 'error', message: null, next: drop() };
  const message = field === 'min' ? priceRangeMessage(value, other) : priceRangeMessage(other, value);
  if (message) return { kind: 'error', message, next: drop() };
  const min = field === 'min' ? value : query.minPrice;
  const max = field === 'max' ? value : query.maxPrice;
  return { kind: 'valid', text: priceText(value), next: withBounds(query, min, max) };
}

/** Whether two queries ask for the same price range (no search is needed when they do). */
export function samePriceRange(a: SearchQuery, b: SearchQuery): boolean {
  return (a.minPrice || undefined) === (b.minPrice || undefined) && (a.maxPrice || undefined) === (b.maxPrice || undefined);
}
