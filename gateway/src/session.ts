/**
 * Who the browser is, read on the server: the signed-in cookie (set by the upstream's sign-in
 * page, passed through the gateway with its flags hardened), the identity token the account
 * calls carry (token lookup, cached a minute per session), and
 * the browsing-history fetch of signed-in people, made at most once every 120 000 ms per session.
 * A lookup that cannot answer is told apart from a signed-out person (Identity 'unknown').
 *
 * Where the browsing-history gap lives: in the gateway. A signed-in person's page load fetches
 * the still-active alerts (account `browsingHistory` call) and puts them into the first-load
 * state as `browsingHistory`; within 120 s of the last fetch for the same session the cached
 * answer is used instead of calling again (also after a failure, so a failing upstream is not
 * retried on every load). Bots skip the call entirely. The cache is in memory, bounded
 * (oldest sessions evicted first), keyed by a hash of the session cookie.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config';
import type { UpstreamClient } from './proxy/client';

export function sessionId(request: FastifyRequest, config: Pick<GatewayConfig, 'sessionCookie'>): string | null {
  const v = (request.cookies as Record<string, string | undefined> | undefined)?.[config.sessionCookie];
  return v && v.length <= 512 ? v : null;
}

/** How a session is keyed in the gateway's caches: a hash of the cookie, never the cookie itself. */
export function sessionKey(sid: string): string {
  return crypto.createHash('sha256').update(sid).digest('base64url');
}

/** The header the embedded upstream reads the session from in the token lookup. */
export const SESSION_HEADER = 'x-session-id';
/** The header account calls carry the identity token in. */
export const IDENTITY_HEADER = 'x-identity-token';

/**
 * Who is asking, as the account calls need it:
 * - 'signedOut': no signed-in cookie, or the lookup says the session is not known (401/403/404);
 * - 'signedIn': the identity token to send;
 * - 'unknown': the lookup could not answer (timed out, failed, circuit open). It yields no token
 *   and the account call proceeds (search-results §8), as for a signed-out shopper; its answer is
 *   marked (contracts FALLBACK_HEADER: IDENTITY_UNKNOWN), so the page reads a list from it as one
 *   that could not be loaded, never as an empty one.
 */
export type Identity = { state: 'signedOut' } | { state: 'signedIn'; token: string } | { state: 'unknown'; why: string };

const SIGNED_OUT: Identity = { state: 'signedOut' };

/**
 * Identity tokens of recent sessions, so a page's account calls cost one lookup a minute rather
 * than one each. Keyed by a hash of the session cookie, bounded (oldest first out), and only
 * answers that came from the lookup are kept (never a failure).
 */
export class TokenCache {
  private entries = new Map<string, { token: string; at: number }>();
  constructor(
    readonly ttlMs = 60_000,
    readonly max = 10_000,
    private now: () => number = Date.now,
  ) {}
  get(sid: string): string | null {
    const key = sessionKey(sid);
    const e = this.entries.get(key);
    if (!e) return null;
    if (this.now() - e.at >= this.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return e.token;
  }
  set(sid: string, token: string) {
    const key = sessionKey(sid);
    this.entries.delete(key);
    this.entries.set(key, { token, at: this.now() });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export async function identityOf(
  client: UpstreamClient,
  request: FastifyRequest,
  config: Pick<GatewayConfig, 'sessionCookie'>,
  opts: { signal?: AbortSignal; deadline?: number; tokens?: TokenCache } = {},
): Promise<Identity> {
  const sid = sessionId(request, config);
  if (!sid) return SIGNED_OUT;
  const cached = opts.tokens?.get(sid);
  if (cached) return { state: 'signedIn', token: cached };
  const res = await client.call<{ token?: unknown } | null>('tokenLookup', {
    extraHeaders: { [SESSION_HEADER]: sid },
    signal: opts.signal,
    deadline: opts.deadline,
  });
  if (res.fallback && res.fallback !== 'empty') {
    request.log.warn({ fallback: res.fallback }, 'token lookup failed: the account could not be checked');
    return { state: 'unknown', why: res.fallback };
  }
  const token = res.ok && res.data && typeof res.data === 'object' ? res.data.token : null;
  if (typeof token !== 'string' || !token) return SIGNED_OUT;
  opts.tokens?.set(sid, token);
  return { state: 'signedIn', token };
}

/** The headers of an account call for this identity (none when signed out or unknown). */
export function identityHeadersOf(identity: Identity): Record<string, string> {
  return identity.state === 'signedIn' ? { [IDENTITY_HEADER]: identity.token } : {};
}

export interface BrowsingHistory {
  /** Still-active still-interested alerts of the signed-in consumer, newest first. */
  alerts: unknown[];
  /** The vehicles those alerts are about. */
  vins: string[];
  /** When the gateway fetched it (ms since epoch). */
  fetchedAt: number;
  /** The signed-in consumer's id, as the account answered it (the still-interested alert's consumer_id). */
  consumerId?: string;
}

export class BrowsingHistoryCache {
  private entries = new Map<string, BrowsingHistory>();
  constructor(
    readonly gapMs: number,
    readonly maxSessions = 10_000,
    private now: () => number = Date.now,
  ) {}

  fresh(sid: string): BrowsingHistory | null {
    const e = this.entries.get(sessionKey(sid));
    return e && this.now() - e.fetchedAt < this.gapMs ? e : null;
  }

  set(sid: string, alerts: unknown[], vins: string[] = [], consumerId?: string): BrowsingHistory {
    const key = sessionKey(sid);
    const entry: BrowsingHistory = { alerts, vins, fetchedAt: this.now(), ...(consumerId ? { consumerId } : {}) };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxSessions) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  /** The still-active alerts of this session: cached within the gap, else fetched once. */
  async get(
    client: UpstreamClient,
    request: FastifyRequest,
    config: Pick<GatewayConfig, 'sessionCookie'>,
  ): Promise<BrowsingHistory | null> {
    const sid = sessionId(request, config);
    if (!sid) return null;
    const cached = this.fresh(sid);
    if (cached) return cached;
    const identity = await identityOf(client, request, config);
    if (identity.state === 'unknown') return this.set(sid, [], []);
    const res = await client.call<{ alerts?: unknown[]; vins?: unknown[]; consumerId?: unknown } | null>('browsingHistory', {
      extraHeaders: identityHeadersOf(identity),
    });
    const data = res.ok ? res.data : null;
    const alerts = Array.isArray(data?.alerts) ? data.alerts : [];
    const vins = Array.isArray(data?.vins) ? data.vins.filter((v): v is string => typeof v === 'string') : [];
    if (res.fallback && res.fallback !== 'empty') request.log.warn({ fallback: res.fallback }, 'browsing history unavailable');
    const consumerId = typeof data?.consumerId === 'string' && /^[\w-]{1,64}$/.test(data.consumerId) ? data.consumerId : undefined;
    return this.set(sid, alerts, vins, consumerId);
  }
}
