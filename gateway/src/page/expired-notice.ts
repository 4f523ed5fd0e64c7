/**
 * The expired-listing notice (page-furniture §2 "Other"): a vehicle page whose listing is no longer
 * available sends the shopper to the search for its make and model, and that page says "We're
 * sorry, the {make model} you were looking for is no longer available." followed by "Here are
 * vehicles you may be interested in." above the results.
 *
 * designed: the notice travels in a short-lived cookie beside the redirect, not in the URL: the
 * search page's URL is normalised (an unknown key would be dropped by a 301), and a shared or
 * bookmarked search link should not carry someone else's notice. The page reads it once and
 * clears it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { cookieFlags } from '../security';
import { SEARCH_PATH } from '@cfs/contracts';

export const EXPIRED_COOKIE = 'cfs_expired_listing';
/** Long enough to follow the redirect, short enough not to greet a later visit. */
const EXPIRED_COOKIE_MAX_AGE_S = 60;
/** What the notice may name: a make and model ('Mercedes-Benz GLE 350', 'Ford F-150') or 'vehicle'. */
const VEHICLE_TEXT = /^[\p{L}\p{N} .,&'()/+-]{1,80}$/u;
/** Said when the make and model of the listing are not known (the spec's "{make model or vehicle}"). */
export const UNKNOWN_VEHICLE = 'vehicle';

export function expiredVehicleText(make?: { name?: unknown }, model?: { name?: unknown }): string {
  const text = [make?.name, model?.name].filter((v): v is string => typeof v === 'string' && v.trim() !== '').join(' ');
  return VEHICLE_TEXT.test(text) ? text : UNKNOWN_VEHICLE;
}

export function setExpiredNotice(reply: FastifyReply, request: FastifyRequest, config: Pick<GatewayConfig, 'tls'>, vehicle: string) {
  reply.setCookie(EXPIRED_COOKIE, VEHICLE_TEXT.test(vehicle) ? vehicle : UNKNOWN_VEHICLE, {
    ...cookieFlags(request, config, EXPIRED_COOKIE_MAX_AGE_S),
    path: SEARCH_PATH,
  });
}

/** The notice this request carries (then cleared, so a reload does not repeat it), or null. */
export function takeExpiredNotice(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<GatewayConfig, 'tls'>,
): { vehicle: string } | null {
  const raw = (request.cookies as Record<string, string | undefined> | undefined)?.[EXPIRED_COOKIE];
  if (raw === undefined) return null;
  reply.clearCookie(EXPIRED_COOKIE, { ...cookieFlags(request, config), path: SEARCH_PATH });
  return VEHICLE_TEXT.test(raw) ? { vehicle: raw } : null;
}
