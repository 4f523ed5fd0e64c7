/**
 * Closing the email-alert form stores the session value 'emailSubscribe' as 'closed'
 * (page-furniture §4 Email-alert prompt); the automatic prompt of a later issue reads it.
 */
export const EMAIL_SUBSCRIBE_KEY = 'emailSubscribe';

export function closeEmailForm(): void {
  try {
    window.sessionStorage.setItem(EMAIL_SUBSCRIBE_KEY, 'closed');
  } catch {
    // Storage refused: the form still closes.
  }
}
