/**
 * Canary delivery: a remote's (or the shell's) candidate version served to a share of shoppers,
 * the same shoppers on every page. Who gets it is a pure function of the shopper's first-party
 * cookie and the deployable's name, so every gateway given the same registry makes the same
 * choice, and a shopper keeps their version in the server HTML, in the page's registry and on
 * every reload (the browser loads what the page's registry names).
 *
 * - The cookie: CANARY_COOKIE, a random id the gateway sets on a person's first page (a session
 *   cookie: HttpOnly, SameSite=Lax, Path=/, Secure over TLS). Bots get none, and the live versions.
 * - The choice: the first 32 bits of SHA-256(cookie, NUL, name), read as a fraction of 100; the
 *   shopper is in the canary when it is below the canary's percent. Hashing with the name makes the
 *   canaries of different remotes independent of each other; raising the percent keeps everyone
 *   already in the canary there.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const CANARY_COOKIE = 'cfs_canary';
/** What a cookie value must look like (a value a client made up otherwise chooses nothing). */
const SHOPPER_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function isShopperId(value: unknown): value is string {
  return typeof value === 'string' && SHOPPER_ID.test(value);
}

/** The shopper id a request's cookie carries, if it is one the gateway could have made. */
export function shopperOf(request: FastifyRequest): string | undefined {
  const value = (request.cookies as Record<string, string | undefined> | undefined)?.[CANARY_COOKIE];
  return isShopperId(value) ? value : undefined;
}

/** A new shopper id for the cookie: 128 random bits. */
export function newShopperId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** Where a shopper falls for a deployable, in [0, 100). */
export function canaryPoint(shopper: string, name: string): number {
  const digest = crypto.createHash('sha256').update(shopper).update('\0').update(name).digest();
  return (digest.readUInt32BE(0) / 2 ** 32) * 100;
}

/** Whether this shopper gets the canary of this deployable at this percent. */
export function inCanary(shopper: string | undefined, name: string, percent: number): boolean {
  return shopper !== undefined && percent > 0 && canaryPoint(shopper, name) < percent;
}

/** The Set-Cookie value that gives a person their shopper id. */
export function canaryCookie(id: string, secure: boolean): string {
  return `${CANARY_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
