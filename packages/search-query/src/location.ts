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

/**
 * The remembered search radius (page-furniture §9: 'Search radius cookie name ... not shown';
 * designed): the filter panel writes the shopper's Distance choice to this cookie, and the gateway
 * puts it on a page URL that names no radius, so a returning shopper keeps the distance they chose.
 * A year long, for the page's path only.
 */
export const SEARCH_RADIUS_COOKIE = 'cfs_search_radius';
export const SEARCH_RADIUS_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The Set-Cookie text (document.cookie) that remembers a radius; nothing for a radius the page cannot use. */
export function searchRadiusCookie(radius: unknown, secure: boolean): string | null {
  const r = normaliseRadius(radius);
  if (r === undefined) return null;
  return `${SEARCH_RADIUS_COOKIE}=${r}; Path=/cars-for-sale; Max-Age=${SEARCH_RADIUS_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The radius a cookie value remembers (normalised), or undefined when it holds anything else. */
export function rememberedRadius(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,4}$/.test(value) ? normaliseRadius(Number(value)) : undefined;
}
