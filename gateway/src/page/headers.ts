/**
 * The caching and security headers of every document the gateway answers (the pages, their
 * redirects and error answers, the sign-in page, the push worker), one row per kind. helmet's
 * headers (security.ts) are on every answer first; a row replaces what differs for its kind.
 *
 * - cache: the pages are revalidated on every visit (no-cache), never stored when they are an
 *   error or a redirect that only this request should follow (no-store). The search page holds the
 *   shopper's own state (signed in, alerts, the remembered radius): no shared cache keeps it.
 * - vary: every request header the answer's body depends on, merged into the Vary already on the
 *   reply (@fastify/compress adds accept-encoding only when it compresses, and only if absent).
 *   The Host is not named: it is part of every cache key.
 * - referrer: 'same-origin' where the next page of this site reads the Referer (the back links of
 *   the search page, back-link.ts, and of the vehicle page); on a redirect too, since a redirect's
 *   Referrer-Policy applies to the request that follows it. The sign-in page and the redirect after
 *   it tell no one where the person was (helmet's no-referrer): the page after sign-in shows no
 *   back link to the form.
 * - csp: the kind's own Content-Security-Policy (security.ts); the search page sets its own per
 *   request (registry and override origins), every other answer keeps helmet's.
 * - frame: X-Frame-Options as the document's frame-ancestors says, for browsers that read only it.
 * A field a row leaves out keeps helmet's value.
 */
import type { FastifyReply } from 'fastify';
import { SIGN_IN_CSP, VEHICLE_PAGE_CSP } from '../security';

export interface DocumentHeaders {
  cache: string;
  vary: readonly string[];
  referrer?: 'same-origin' | 'no-referrer';
  csp?: string;
  frame?: 'SAMEORIGIN' | 'DENY';
}

export const DOCUMENT_HEADERS = {
  /** The search page (page/routes.ts): cookie (signed in, radius, notices), user-agent (bots), referer (back link). */
  searchPage: {
    cache: 'private, no-cache',
    vary: ['cookie', 'user-agent', 'referer', 'accept-encoding'],
    referrer: 'same-origin',
    frame: 'SAMEORIGIN',
  },
  /** The search page's error screen (the base search failed): 500 to people, 200 to bots, never kept. */
  searchErrorScreen: {
    cache: 'no-store',
    vary: ['cookie', 'user-agent', 'referer', 'accept-encoding'],
    referrer: 'same-origin',
    frame: 'SAMEORIGIN',
  },
  /** The search page cannot be made (no shell deployed, the frame failed): 503, text. */
  searchPageUnavailable: { cache: 'no-store', vary: [] },
  /** A page URL answered 301 with its normal form: the URL alone decides it. */
  normalisedRedirect: { cache: 'no-cache', vary: [], referrer: 'same-origin' },
  /** A redirect within the site for this visit only (saved search, listing gone, payment links). */
  pageRedirect: { cache: 'no-store', vary: [], referrer: 'same-origin' },
  /** The remembered radius put on a URL: the cookie says which, and bots are not sent. */
  radiusRedirect: { cache: 'no-store', vary: ['cookie', 'user-agent'], referrer: 'same-origin' },
  /** The vehicle page (page/vehicle.ts): its back link is the search page in the Referer. */
  vehiclePage: {
    cache: 'no-cache',
    vary: ['referer', 'accept-encoding'],
    referrer: 'same-origin',
    csp: VEHICLE_PAGE_CSP,
    frame: 'SAMEORIGIN',
  },
  /** The vehicle page's 404 and 503 pages. */
  vehicleMessage: { cache: 'no-store', vary: ['accept-encoding'], referrer: 'same-origin', csp: VEHICLE_PAGE_CSP, frame: 'SAMEORIGIN' },
  /** The sign-in page as the upstream renders it (signin.ts adds the upstream's own policy to SIGN_IN_CSP). */
  signInPage: { cache: 'no-store', vary: ['accept-encoding'], referrer: 'no-referrer', csp: SIGN_IN_CSP, frame: 'DENY' },
  /** The 303 back to the return URL after signing in. */
  signInRedirect: { cache: 'no-store', vary: [], referrer: 'no-referrer' },
  /** The push worker's script (page/push-worker.ts): browsers check it for updates themselves. */
  pushWorker: { cache: 'no-cache', vary: ['accept-encoding'] },
} as const satisfies Record<string, DocumentHeaders>;

export type DocumentKind = keyof typeof DOCUMENT_HEADERS;

/** Names added to a Vary value, each once; '*' stays '*'. */
export function mergedVary(current: unknown, add: readonly string[]): string {
  const have = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (have.includes('*')) return '*';
  return [...new Set([...have, ...add])].join(', ');
}

/** Sets a kind's headers on the reply (Vary merged with what is there). */
export function documentHeaders(reply: FastifyReply, kind: DocumentKind): FastifyReply {
  const row: DocumentHeaders = DOCUMENT_HEADERS[kind];
  reply.header('cache-control', row.cache);
  if (row.referrer) reply.header('referrer-policy', row.referrer);
  if (row.frame) reply.header('x-frame-options', row.frame);
  if (row.csp) reply.header('content-security-policy', row.csp);
  const vary = mergedVary(reply.getHeader('vary'), row.vary);
  if (vary) reply.header('vary', vary);
  return reply;
}
