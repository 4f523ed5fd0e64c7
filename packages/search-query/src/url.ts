import type { SearchQuery } from '@cfs/contracts';
import { parseQuery } from './parse';
import { normaliseQuery, type NormaliseContext } from './normalise';
import { serializeQuery } from './serialize';

/** The normalised form of a query string (without the leading '?'). */
export function normalisedSearch(search: string, ctx: NormaliseContext): string {
  return serializeQuery(normaliseQuery(parseQuery(search), ctx));
}

export function isNormalised(search: string, ctx: NormaliseContext): boolean {
  return normalisedSearch(search, ctx) === search.replace(/^\?/, '');
}

/** The URL a page request should be redirected to (301) when its query is not normalised. */
export function normalisedUrl(pathname: string, search: string, ctx: NormaliseContext): string {
  const qs = normalisedSearch(search, ctx);
  return `${pathname}${qs ? `?${qs}` : ''}`;
}

export type { SearchQuery };
