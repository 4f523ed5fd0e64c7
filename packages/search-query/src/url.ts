import type { SearchQuery } from '@cfs/contracts';
import { normaliseQuery, type NormaliseContext } from './normalise';
import { parseQuery } from './parse';
import { queryFromPath } from './path';
import { KEY_ORDER, serializeQuery } from './serialize';
import { sameList } from './values';

export interface NormalisedLocation {
  /** The normalised search values, path values included (what the upstream call is made with). */
  query: SearchQuery;
  /** The normalised query string, without '?', leaving out values the path already carries. */
  search: string;
  /** pathname plus '?search' (or just pathname). */
  url: string;
  /** Whether the given query string already was the normalised one (else answer 301 to url). */
  normalised: boolean;
}

const stripQ = (search: string) => (typeof search === 'string' ? (search.startsWith('?') ? search.slice(1) : search) : '');

/**
 * Normalises a page request. Path values (queryFromPath) apply unless the query string gives the
 * same key, which wins (the shell writes the whole query into the query string). The normalised
 * query string omits a value equal to the one the path carries.
 *
 * A query-string value that normalisation drops counts as absent, so the path value applies: the
 * result is what the normalised URL itself reads back as. (It is reached by repeating the step;
 * each round can only drop query-string values, so this ends, in practice after 2 or 3 rounds.)
 * Never throws.
 */
export function normaliseLocation(pathname: string, search: string, ctx: NormaliseContext): NormalisedLocation {
  const fromPath = queryFromPath(pathname) as Record<string, string[]>;
  const path = typeof pathname === 'string' ? pathname : '';
  const given = stripQ(search);
  let qs = given;
  const step = (s: string) => {
    const query = normaliseQuery({ ...fromPath, ...parseQuery(s) } as SearchQuery, ctx);
    const rest: Record<string, unknown> = { ...query };
    for (const [k, v] of Object.entries(fromPath)) if (sameList(rest[k] as string[] | undefined, v)) delete rest[k];
    return { query, next: serializeQuery(rest as SearchQuery, { defaultSort: ctx?.defaultSort }) };
  };
  let { query, next } = step(qs);
  for (let round = 0; next !== qs && round <= KEY_ORDER.length; round++) {
    qs = next;
    ({ query, next } = step(qs));
  }
  return { query, search: qs, url: `${path}${qs ? `?${qs}` : ''}`, normalised: qs === given };
}

/** The normalised form of a query string (no '?'): serializeQuery(normaliseQuery(parseQuery(search))). */
export function normalisedSearch(search: string, ctx: NormaliseContext, pathname = ''): string {
  return normaliseLocation(pathname, search, ctx).search;
}

/** Whether a query string (with or without '?') is exactly its normalised form. */
export function isNormalised(search: string, ctx: NormaliseContext, pathname = ''): boolean {
  return normaliseLocation(pathname, search, ctx).normalised;
}

/** The URL to answer with a 301 when isNormalised is false: the same path with the normalised query string. */
export function normalisedUrl(pathname: string, search: string, ctx: NormaliseContext): string {
  return normaliseLocation(pathname, search, ctx).url;
}
