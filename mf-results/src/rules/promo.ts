/**
 * The inline filter promo's filter (page-furniture §2, §9; its content is not shown in the spec:
 * designed): the 'Best Deals' values, Great and Good prices, as the category tab sets them.
 */
import type { SearchQuery } from '@cfs/contracts';

export const BEST_DEAL_TYPES = ['greatprice', 'goodprice'] as const;
export const PROMO_SOURCE = 'results-promo';

export const BEST_DEALS = {
  heading: 'Looking for a great price?',
  text: 'See only cars priced as a Great Deal or a Good Deal.',
  apply: 'Show Great and Good Deals',
  activeHeading: 'Showing Great and Good Deals',
  activeText: 'Only cars priced as a Great Deal or a Good Deal are shown.',
  clear: 'Show all prices',
} as const;

export function hasBestDeals(query: SearchQuery): boolean {
  const types = (query.dealType ?? []).map((t) => t.toLowerCase());
  return BEST_DEAL_TYPES.every((t) => types.includes(t)) && types.length === BEST_DEAL_TYPES.length;
}

/** The query with the best-deals filter set (on) or removed (off). */
export function withBestDeals(query: SearchQuery, on: boolean): SearchQuery {
  const { dealType: _dropped, ...rest } = query;
  return on ? { ...rest, dealType: [...BEST_DEAL_TYPES] } : rest;
}
