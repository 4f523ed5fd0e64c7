/**
 * Closing the email-alert form stores the session value 'emailSubscribe' as 'closed'
 * (page-furniture §4 Email-alert prompt); the automatic prompt reads it (in effects only, never
 * during render: the server render has no session storage).
 */
export const EMAIL_SUBSCRIBE_KEY = 'emailSubscribe';

const listeners = new Set<() => void>();

export function closeEmailForm(): void {
  try {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'closed');
  } catch {
    // Storage refused: the form still closes.
  }
  for (const l of [...listeners]) l();
}

/**
 * A successful subscription stores the session value 'emailSubscribe' as 'subscribed': the prompt
 * does not show again in this session (not recently subscribed).
 */
export function markSubscribed(): void {
  try {
    if (window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY) !== 'closed') window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'subscribed');
  } catch {
    // Storage refused: the bus still knows the address was subscribed.
  }
  for (const l of [...listeners]) l();
}

/** Listens for closes (for useSyncExternalStore). */
export function onEmailSubscribeChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** What the server render reads: not known, so the prompt does not show until the browser knows. */
export const EMAIL_SUBSCRIBE_UNKNOWN = 'unknown';

/** The session value 'emailSubscribe', or null when unset or storage is refused. */
export function emailSubscribeValue(): string | null {
  try {
    return window.sessionStorage.getItem(EMAIL_SUBSCRIBE_KEY);
  } catch {
    return null;
  }
}
