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
