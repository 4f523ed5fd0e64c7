/**
 * The notification prompt (search-results spec §4 Notification prompt, §7 consumer device, §9):
 * shown once (tracked in storage) when a recent-inventory view happened within 24 hours
 * (LIMITS.notificationWindowMs) and a model or body-style filter is set. Permission states:
 * granted (the device is registered, no prompt), default (the prompt), blocked (nothing).
 *
 * Designed where the spec is silent: a recent-inventory view is a visit to the search results
 * (the time of the last one is kept in local storage and the current visit is recorded after the
 * check, so the prompt applies to a shopper who comes back within a day).
 */
import { LIMITS, type SearchQuery } from '@cfs/contracts';

export type PermissionState = 'granted' | 'default' | 'blocked';
export type NotificationAction = 'prompt' | 'register' | 'none';

export const PROMPT_SHOWN_KEY = 'notificationPromptShown';
export const INVENTORY_VIEW_KEY = 'recentInventoryViewAt';

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
  const filterSet = (ctx.query.modelCode?.length ?? 0) > 0 || (ctx.query.vehicleStyleCode?.length ?? 0) > 0;
  const recent =
    ctx.lastInventoryView !== null &&
    ctx.now - ctx.lastInventoryView >= 0 &&
    ctx.now - ctx.lastInventoryView <= LIMITS.notificationWindowMs;
  if (!filterSet || !recent) return 'none';
  if (ctx.permission === 'granted') return 'register';
  return ctx.shownBefore ? 'none' : 'prompt';
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
  const attrs = `Max-Age=${LIMITS.notificationCookieMaxAgeS}; Path=/cars-for-sale; SameSite=Lax`;
  return [`psid=${encodeURIComponent(psid)}; ${attrs}`, `siomid=${encodeURIComponent(siomid)}; ${attrs}`];
}
