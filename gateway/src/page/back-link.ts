/**
 * The hero's back link (page-furniture §2 "Hero: … optional back link").
 *
 * designed: the link shows when the shopper came from a page of this site (the Referer has the
 * page's own host), and leads back there; a referrer from another site, a malformed one, or this
 * very page gives none. The path passes safeReturnUrl like every return URL of the site, so only
 * a same-origin path reaches the first-load state (the shell checks again that it is a path).
 */
import type { FastifyRequest } from 'fastify';
import { safeReturnUrl } from '../security';

const LOCAL_ORIGIN = 'http://gateway.local';

export function backHrefOf(request: Pick<FastifyRequest, 'headers'>, current: string): string | null {
  const ref = request.headers.referer;
  if (typeof ref !== 'string' || !ref || ref.length > 2000) return null;
  let u: URL;
  try {
    u = new URL(ref);
  } catch {
    return null;
  }
  const host = String(request.headers.host ?? '').toLowerCase();
  if (!host || u.host.toLowerCase() !== host || (u.protocol !== 'http:' && u.protocol !== 'https:')) return null;
  const path = safeReturnUrl(`${u.pathname}${u.search}`, LOCAL_ORIGIN, '');
  if (!path || path === current) return null;
  return path;
}
