/** Location rules (search-results spec §5, page-furniture spec §5). */
import { LIMITS } from '@cfs/contracts';
import { wholeNumber } from './values';

/** ZIP in a query: only the first 5 characters are kept and they must be 5 digits, otherwise dropped. */
export function normaliseZip(zip: unknown): string | undefined {
  if (typeof zip !== 'string') return undefined;
  const five = zip.slice(0, 5);
  return validZip(five) ? five : undefined;
}

/** Exactly 5 digits: the filter panel's and location editor's check (the server check follows it). */
export function validZip(zip: unknown): boolean {
  return typeof zip === 'string' && /^\d{5}$/.test(zip);
}

/**
 * Search radius: values below 100 are kept, anything else becomes 100. 0 means nationwide and is
 * kept. A value that is not a whole non-negative number is dropped (as parseQuery drops it).
 */
export function normaliseRadius(radius: unknown): number | undefined {
  const r = wholeNumber(radius);
  if (r === undefined) return undefined;
  return r < LIMITS.searchRadiusCap ? r : LIMITS.searchRadiusCap;
}
