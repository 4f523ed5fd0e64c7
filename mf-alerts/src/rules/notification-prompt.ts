/**
 * The notification prompt (search-results spec §4 Notification prompt, §7 consumer device, §9):
 * shown once (tracked in storage) when a recent-inventory view happened within 24 hours
 * (LIMITS.notificationWindowMs) and a model or body-style filter is set. Permission states:
 * granted (the device is registered, no prompt), default (the prompt), blocked (nothing).
 *
 * Designed where the spec is silent: a recent-inventory view is a visit to the search results
 * (the gateway records each visit in a cookie and hands the previous one to the page in the
 * first-load state, gateway/src/page/inventory-view.ts; so the prompt applies to a shopper who
 * comes back within a day).
 */
import { LIMITS, SEARCH_PATH, type SearchQuery } from '@cfs/contracts';

export type PermissionState = 'granted' | 'default' | 'blocked';
export type NotificationAction = 'prompt' | 'register' | 'none';

export const PROMPT_SHOWN_KEY = 'notificationPromptShown';

/** The browser's Notification.permission in the spec's words ('denied' is blocked). */
export function permissionState(permission: string | undefined): PermissionState {
  if (permission === 'granted') return 'granted';
  if (permission === 'denied') return 'blocked';
  return 'default';
}

export function notificationAction(ctx: {
  /** The flag notificationPrompt: without it there is no prompt and no device registration. */
  enabled: boolean;
  supported: boolean;
  permission: PermissionState;
  shownBefore: boolean;
  /** When the last recent-inventory view happened (ms since 1970), or null. */
  lastInventoryView: number | null;
  now: number;
  query: SearchQuery;
}): NotificationAction {
  if (!ctx.enabled || !ctx.supported || ctx.permission === 'blocked') return 'none';
  const recent =
    ctx.lastInventoryView !== null &&
    ctx.now - ctx.lastInventoryView >= 0 &&
    ctx.now - ctx.lastInventoryView <= LIMITS.notificationWindowMs;
  if (!filterSet(ctx.query) || !recent) return 'none';
  if (ctx.permission === 'granted') return 'register';
  return ctx.shownBefore ? 'none' : 'prompt';
}

function filterSet(query: SearchQuery): boolean {
  return (query.modelCode?.length ?? 0) > 0 || (query.vehicleStyleCode?.length ?? 0) > 0;
}

/**
 * Whether the prompt or the device registration may apply, from what the server render knows (the
 * flag, the search, the previous visit): the permission, the storage and the clock are the
 * browser's, so the region then needs its code at once.
 */
export function mayNotify(ctx: { enabled: boolean; lastInventoryView: number | null; query: SearchQuery }): boolean {
  return ctx.enabled && ctx.lastInventoryView !== null && filterSet(ctx.query);
}

/** iOS Safari needs the page on the home screen before it can receive pushes. */
export function needsHomeScreen(userAgent: string, standalone: boolean): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) && !standalone;
}

/** The push device token as the consumer-device call takes it (letters, digits, '_', '-'). */
export function browserToken(endpoint: string): string {
  // encodeURIComponent leaves ASCII only, which btoa takes; base64url then fits the call's pattern.
  return btoa(encodeURIComponent(endpoint)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 4096);
}

/** The notification session cookies psid and siomid: session values of at most 1800 s. */
export function sessionCookies(psid: string, siomid: string): string[] {
  const attrs = `Max-Age=${LIMITS.notificationCookieMaxAgeS}; Path=${SEARCH_PATH}; SameSite=Lax`;
  return [`psid=${encodeURIComponent(psid)}; ${attrs}`, `siomid=${encodeURIComponent(siomid)}; ${attrs}`];
}
