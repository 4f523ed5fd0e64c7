/**
 * The recent-inventory view the notification prompt reads (search-results spec §4 Notification
 * prompt; the rule is mf-alerts' rules/notification-prompt.ts). Designed where the spec is silent:
 * a recent-inventory view is a visit to the search results. The gateway records each search page it
 * answers in a cookie and hands the previous visit to the page in the first-load state, so the
 * alerts region's server render already knows it and the region needs no code at load to record
 * the visit. The cookie lives as long as the prompt's eligibility window.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS, SEARCH_PATH } from '@cfs/contracts';
import type { GatewayConfig } from '../config';
import { cookieFlags } from '../security';

export const INVENTORY_VIEW_COOKIE = 'cfs_inventory_view';

/**
 * The previous search-page visit this request carries (ms since 1970; null when none, or when the
 * cookie holds anything but a time not in the future), and this visit recorded for the next page.
 */
export function takeInventoryView(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<GatewayConfig, 'tls'>,
  now: number = Date.now(),
): number | null {
  const raw = (request.cookies as Record<string, string | undefined> | undefined)?.[INVENTORY_VIEW_COOKIE];
  reply.setCookie(INVENTORY_VIEW_COOKIE, String(now), {
    ...cookieFlags(request, config, Math.floor(LIMITS.notificationWindowMs / 1000)),
    path: SEARCH_PATH,
  });
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const at = Number(raw);
  return at > 0 && at <= now ? at : null;
}
