/**
 * Who the browser is, read on the server: the signed-in cookie (set by the upstream's sign-in
 * page, passed through the gateway with its flags hardened), the identity token the account
 * calls carry (token lookup; a failing lookup yields null and the call proceeds without it), and
 * the browsing-history fetch of signed-in people, made at most once every 120 000 ms per session.
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

/** The header the embedded upstream reads the session from in the token lookup. */
export const SESSION_HEADER = 'x-session-id';
/** The header account calls carry the identity token in. */
export const IDENTITY_HEADER = 'x-identity-token';

export async function identityToken(
  client: UpstreamClient,
  request: FastifyRequest,
  config: Pick<GatewayConfig, 'sessionCookie'>,
  signal?: AbortSignal,
): Promise<string | null> {
  const sid = sessionId(request, config);
  if (!sid) return null;
  const res = await client.call<{ token?: unknown } | null>('tokenLookup', { extraHeaders: { [SESSION_HEADER]: sid }, signal });
  const token = res.ok && res.data && typeof res.data === 'object' ? res.data.token : null;
  if (typeof token !== 'string' || !token) {
    if (res.fallback && res.fallback !== 'empty') request.log.warn({ fallback: res.fallback }, 'token lookup failed; proceeding without identity');
    return null;
  }
  return token;
}

export async function identityHeaders(
  client: UpstreamClient,
  request: FastifyRequest,
  config: Pick<GatewayConfig, 'sessionCookie'>,
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const token = await identityToken(client, request, config, signal);
  return token ? { [IDENTITY_HEADER]: token } : {};
}

export interface BrowsingHistory {
  /** Still-active still-interested alerts of the signed-in consumer, newest first. */
  alerts: unknown[];
  /** The vehicles those alerts are about. */
  vins: string[];
  /** When the gateway fetched it (ms since epoch). */
  fetchedAt: number;
}

export class BrowsingHistoryCache {
  private entries = new Map<string, BrowsingHistory>();
  constructor(
    readonly gapMs: number,
    readonly maxSessions = 10_000,
    private now: () => number = Date.now,
  ) {}

  static key(sid: string): string {
    return crypto.createHash('sha256').update(sid).digest('base64url');
  }

  fresh(sid: string): BrowsingHistory | null {
    const e = this.entries.get(BrowsingHistoryCache.key(sid));
    return e && this.now() - e.fetchedAt < this.gapMs ? e : null;
  }

  set(sid: string, alerts: unknown[], vins: string[] = []): BrowsingHistory {
    const key = BrowsingHistoryCache.key(sid);
    const entry = { alerts, vins, fetchedAt: this.now() };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxSessions) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  /** The still-active alerts of this session: cached within the gap, else fetched once. */
  async get(client: UpstreamClient, request: FastifyRequest, config: Pick<GatewayConfig, 'sessionCookie'>): Promise<BrowsingHistory | null> {
    const sid = sessionId(request, config);
    if (!sid) return null;
    const cached = this.fresh(sid);
    if (cached) return cached;
    const extraHeaders = await identityHeaders(client, request, config);
    const res = await client.call<{ alerts?: unknown[]; vins?: unknown[] } | null>('browsingHistory', { extraHeaders });
    const data = res.ok ? res.data : null;
    const alerts = Array.isArray(data?.alerts) ? data.alerts : [];
    const vins = Array.isArray(data?.vins) ? data.vins.filter((v): v is string => typeof v === 'string') : [];
    if (res.fallback && res.fallback !== 'empty') request.log.warn({ fallback: res.fallback }, 'browsing history unavailable');
    return this.set(sid, alerts, vins);
  }
}
