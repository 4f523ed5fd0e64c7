/**
 * Closing the email-alert form stores the session value 'emailSubscribe' as 'closed'
 * (page-furniture §4 Email-alert prompt): in session storage, and in a session cookie of the same
 * name that the gateway reads into the first-load state, so the server render already leaves a
 * closed prompt out (nothing appears or disappears after hydration).
 */
export const EMAIL_SUBSCRIBE_KEY = 'emailSubscribe';
import { SEARCH_PATH } from '@cfs/contracts';

const listeners = new Set<() => void>();

function store(value: 'closed' | 'subscribed'): void {
  try {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, value);
  } catch {
    // Storage refused: the cookie and the bus still know.
  }
  // A session cookie (no Max-Age): gone when the browser session ends.
  document.cookie = `${EMAIL_SUBSCRIBE_KEY}=${value}; Path=${SEARCH_PATH}; SameSite=Lax`;
}

export function closeEmailForm(): void {
  store('closed');
  for (const l of [...listeners]) l();
}

/**
 * A successful subscription stores the session value 'emailSubscribe' as 'subscribed': the prompt
 * does not show again in this session (not recently subscribed).
 */
export function markSubscribed(): void {
  if (emailSubscribeValue() !== 'closed') store('subscribed');
  for (const l of [...listeners]) l();
}

/** Listens for closes (for useSyncExternalStore). */
export function onEmailSubscribeChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The session value 'emailSubscribe', or null when unset or storage is refused. */
export function emailSubscribeValue(): string | null {
  try {
    return window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY);
  } catch {
    return null;
  }
}
