/**
 * The sign-in path and the links to it (search-results spec §2 Sign-in, page-furniture §2 Other).
 *
 * The spec says the path comes from configuration. The gateway's configuration (SIGNIN_PATH,
 * default '/account/signin') reaches the shell's page config, but not the bus, so this remote uses
 * the same default here, in this one constant. Passing the configured value over the bus later is a
 * change to this file only.
 */
import type { SearchQuery } from '@cfs/contracts';
import { serializeQuery } from '@cfs/search-query';

export const SIGN_IN_PATH = '/account/signin';

/** The create-account link: the sign-in path opened with defaultScreen=signup and a return URL. */
export function createAccountUrl(returnUrl: string): string {
  return `${SIGN_IN_PATH}?defaultScreen=signup&returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** The sign-in link a logged-out saver follows ("saving triggers login first"). */
export function signInUrl(returnUrl: string): string {
  return `${SIGN_IN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** The current path and query: where the shopper comes back to. */
export function currentUrl(loc: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `${loc.pathname}${loc.search}`;
}

/** The current path with the search query and its paging reset ("... then resets pagination"). */
export function pagingResetUrl(pathname: string, query: SearchQuery): string {
  const qs = serializeQuery(withoutPaging(query));
  return `${pathname}${qs ? `?${qs}` : ''}`;
}

/** A search without its paging values: what a saved search and a return URL carry. */
export function withoutPaging(query: SearchQuery): SearchQuery {
  const { firstRecord: _first, numRecords: _num, ...rest } = query;
  return rest;
}
