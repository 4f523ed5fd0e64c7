/**
 * When the inline email-alert prompt shows by itself (page-furniture §4 Email-alert prompt, §6):
 * only for anonymous shoppers with no saved search title, with request values present (a search
 * to alert on), not recently subscribed (in this visit, or this session's 'emailSubscribe' is
 * 'subscribed'), the feature flags on, and not closed in this session (the session value
 * 'emailSubscribe' is 'closed'). designed: two flags hold: `subscribeAlerts` (email alerts at all)
 * and `emailAlertPrompt` (the prompt showing by itself; without it the form shows on Save Search only).
 */
export interface EmailPromptContext {
  signedIn: boolean;
  /** How many saved-search titles the shopper has. */
  savedSearchTitles: number;
  /** The serialized search values of the request (paging left out). */
  requestValues: string;
  /** An address was subscribed to alerts in this visit. */
  recentlySubscribed: boolean;
  /** The subscribe-alerts feature flag. */
  subscribeAlerts: boolean;
  /** The email-alert-prompt feature flag. */
  emailAlertPrompt: boolean;
  /** The session value 'emailSubscribe': 'closed', 'subscribed' (this session), or null when unset or unreadable. */
  sessionValue: string | null;
}

export function emailPromptShows(ctx: EmailPromptContext): boolean {
  return (
    !ctx.signedIn &&
    ctx.savedSearchTitles === 0 &&
    ctx.requestValues.trim() !== '' &&
    !ctx.recentlySubscribed &&
    ctx.subscribeAlerts &&
    ctx.emailAlertPrompt &&
    ctx.sessionValue !== 'closed' &&
    ctx.sessionValue !== 'subscribed'
  );
}
