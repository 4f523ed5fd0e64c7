/**
 * The sign-in path and the links to it (search-results spec §2 Sign-in, page-furniture §2 Other).
 *
 * The spec says the path comes from configuration: the gateway's SIGNIN_PATH reaches the bus as
 * `session.signInPath`; SIGN_IN_PATH is only the fallback when a page does not carry one.
 */
import type { SearchQuery, SortBy } from '@cfs/contracts';
import { savedSearchString } from '@cfs/search-query';

// The links themselves live in contracts (one home for every remote that sends a shopper to sign in).
export { createAccountUrl, signInUrl, SIGN_IN_PATH } from '@cfs/contracts';

/** Leaves the page for `url` (the sign-in path): one place, so a test can watch it. */
export function navigate(url: string): void {
  window.location.assign(url);
}

/** The current path and query: where the shopper comes back to. */
export function currentUrl(loc: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `${loc.pathname}${loc.search}`;
}

/**
 * The search a saved search, an alert and a return URL carry (search-query savedSearchString): no
 * paging values, and the sort written out unless it is the default in force (so a chosen
 * relevance survives the 'optionFile' reading, where the default is price).
 */
export const searchString = savedSearchString;

/** The current path with the search query and its paging reset ("... then resets pagination"). */
export function pagingResetUrl(pathname: string, query: SearchQuery, defaultSort?: SortBy): string {
  const qs = searchString(query, defaultSort);
  return `${pathname}${qs ? `?${qs}` : ''}`;
}
