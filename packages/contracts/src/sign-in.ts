/**
 * The sign-in path and the links to it (search-results §2 Sign-in, §6; page-furniture §2 Other):
 * the path comes from configuration (the gateway's SIGNIN_PATH reaches the bus as
 * `session.signInPath`); SIGN_IN_PATH is only the fallback when a page does not carry one. One
 * home for every remote that sends a shopper to sign in.
 */
export const SIGN_IN_PATH = '/account/signin';

/** The sign-in path opened with defaultScreen=signup and a return URL. */
export function createAccountUrl(returnUrl: string, signInPath: string = SIGN_IN_PATH): string {
  return `${signInPath}?defaultScreen=signup&returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** The plain sign-in link with a return URL. */
export function signInUrl(returnUrl: string, signInPath: string = SIGN_IN_PATH): string {
  return `${signInPath}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/**
 * The header the gateway names an answer's fallback in ('open', 'timeout', 'error', … when the
 * answer is the route's fallback rather than the upstream's), and its value on an account call's
 * answer when the identity lookup could not answer (search-results §8 'Token lookup fails: yields
 * null and the call proceeds'): the call was made as for a signed-out shopper, so what it
 * answered is not the shopper's own. A list read from such an answer could not be loaded; it is
 * never shown as empty (remote-kit's `api` reads it as a failure).
 */
export const FALLBACK_HEADER = 'x-fallback';
export const IDENTITY_UNKNOWN = 'identity';
