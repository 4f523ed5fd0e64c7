/**
 * What a click on 'Save Search' does (search-results spec §4 Save search).
 */
export type SaveSearchAction = 'show-form' | 'save' | 'sign-in';

export interface SaveSearchContext {
  signedIn: boolean;
  /** The shopper already subscribed to email alerts for a recent search. */
  subscribed: boolean;
  /** The inline email-subscribe form is showing. */
  formShowing: boolean;
  /** The subscribe-alerts feature flag. */
  subscribeAlerts: boolean;
}

/**
 * - Logged out, no subscribed recent search, inline email form not showing: show the form.
 * - Otherwise the search is saved. For a logged-out user, saving triggers login first: the click
 *   goes to the sign-in path with defaultScreen=signup and a return URL whose paging is reset, and
 *   the search is saved when the shopper comes back signed in (pending-save.ts).
 * With the subscribe-alerts flag off there is no email form, so a logged-out click goes to sign-in.
 */
export function saveSearchAction(ctx: SaveSearchContext): SaveSearchAction {
  if (!ctx.signedIn && !ctx.subscribed && !ctx.formShowing && ctx.subscribeAlerts) return 'show-form';
  return ctx.signedIn ? 'save' : 'sign-in';
}
