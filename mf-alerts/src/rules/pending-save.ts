/**
 * A signed-out save goes to sign-in first and completes on return (search-results spec §4 Save
 * search: "saving triggers login first, then resets pagination"). Following the sign-in link
 * remembers, for this browser tab, which search was to be saved; back on the page signed in, the
 * search with the same values (the return URL has its paging reset) is saved once.
 */
export const PENDING_SAVE_KEY = 'saveSearchAfterSignIn';

export function rememberPendingSave(search: string): void {
  try {
    window.sessionStorage.setItem(PENDING_SAVE_KEY, search);
  } catch {
    // Storage refused: the shopper saves again after signing in.
  }
}

/**
 * Whether the search to save after sign-in is this one. The remembered value is used once: it is
 * cleared whenever a signed-in page reads it, whether or not it matches.
 */
export function takePendingSave(signedIn: boolean, search: string): boolean {
  if (!signedIn) return false;
  try {
    const pending = window.sessionStorage.getItem(PENDING_SAVE_KEY);
    if (pending === null) return false;
    window.sessionStorage.removeItem(PENDING_SAVE_KEY);
    return pending === search;
  } catch {
    return false;
  }
}
