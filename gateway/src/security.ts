/**
 * Security policy of the gateway: the page's Content-Security-Policy, cookie flags, same-origin
 * return URLs, and the rules every write (state-changing route) passes: one rate limit per
 * client, the cross-site refusal, and the content types the route reads.
 *
 * CSP choices (documented here, applied by app.ts and page/routes.ts):
 * - script-src: 'self' (the shell and the remotes' files are served by the gateway under
 *   /cars-for-sale/remotes/, the shell included) plus the registry's origins: every
 *   absolute manifest URL in the registry and REGISTRY_ORIGINS. No inline script runs: the
 *   first-load state is an inert `<script type="application/json">` data block.
 * - In staging only, a page requested with ?remotes=name@url also allows each override URL's
 *   origin (script-src, connect-src with its ws: twin for the dev server's live reload, img-src,
 *   font-src) and 'unsafe-eval', because `npm run dev` remote builds use webpack's eval source
 *   maps. A production gateway refuses overrides, so its policy never widens.
 * - style-src: 'self', the registry's origins and any override origin (each remote's styles are
 *   files of its build, loaded with the chunk that needs them), plus 'unsafe-inline' for the
 *   layout's own <style> block and the style attributes that reserve region heights; attributes
 *   cannot carry a nonce. Styles cannot run code, so 'unsafe-inline' is limited to styles;
 *   scripts stay strict.
 * - connect-src: 'self' plus the registry origins (the Module Federation runtime fetches
 *   mf-manifest.json with fetch()). img-src 'self' data: blob:. object-src 'none',
 *   base-uri 'self', form-action 'self', frame-ancestors 'self', worker-src 'self' (the push
 *   worker registered under /cars-for-sale).
 * - upgrade-insecure-requests and HSTS only when the gateway is served over TLS.
 * The vehicle page and the sign-in page have stricter policies of their own (VEHICLE_PAGE_CSP,
 * SIGN_IN_CSP); which answer carries which policy, and its other headers: page/headers.ts.
 */
import crypto from 'node:crypto';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { SEARCH_PATH, type Registry } from '@cfs/contracts';
import type { GatewayConfig } from './config';

export interface CspInput {
  /** Extra origins for scripts and manifests (the registry's). */
  registryOrigins: string[];
  /** Staging overrides (origins from ?remotes=): allowed for this page only. */
  overrideOrigins?: string[];
  tls: boolean;
}

const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];

export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Origins of a registry's absolute manifest URLs (relative ones are 'self'). */
export function registryOrigins(registry: Registry, configured: string[] = []): string[] {
  const out = [...configured];
  for (const e of Object.values(registry.remotes)) {
    if (/^https?:\/\//i.test(e.manifest)) {
      const o = originOf(e.manifest);
      if (o) out.push(o);
    }
  }
  return uniq(out);
}

export function cspDirectives(input: CspInput): Record<string, string[]> {
  const overrides = uniq(input.overrideOrigins ?? []);
  const ws = overrides.map((o) => o.replace(/^http/, 'ws'));
  const scripts = uniq(["'self'", ...input.registryOrigins, ...overrides]);
  if (overrides.length) scripts.push("'unsafe-eval'");
  const d: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'style-src': uniq(["'self'", "'unsafe-inline'", ...input.registryOrigins, ...overrides]),
    'connect-src': uniq(["'self'", ...input.registryOrigins, ...overrides, ...ws]),
    'img-src': uniq(["'self'", 'data:', 'blob:', ...overrides]),
    'font-src': uniq(["'self'", 'data:', ...overrides]),
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  if (input.tls) d['upgrade-insecure-requests'] = [];
  return d;
}

export function cspHeader(input: CspInput): string {
  return Object.entries(cspDirectives(input))
    .map(([k, v]) => (v.length ? `${k} ${v.join(' ')}` : k))
    .join('; ');
}

/**
 * The vehicle page's policy (the shell's vehicle page, page/vehicle.ts): it runs no script and loads nothing but its
 * photos from this origin; its one stylesheet is inline and its one form (Try again) is a GET of
 * itself. Framed by this site only, as the search page is.
 */
export const VEHICLE_PAGE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

/**
 * The sign-in page's policy: a form and nothing else, posted only here, framed by no one (a
 * framed sign-in form is the clickjacker's). The same policy as the embedded upstream's page.
 */
export const SIGN_IN_CSP = "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The policies of the sign-in page the gateway passes on: its own (SIGN_IN_CSP) and the
 * upstream's, as a policy list (one header, comma-separated). A browser enforces every policy of
 * the list, so what is allowed is what all of them allow: the upstream's policy is never
 * loosened, and an upstream that sends a looser one, or none, does not loosen the gateway's.
 */
export function signInCsp(upstream: string | string[] | undefined): string {
  const theirs = (Array.isArray(upstream) ? upstream : upstream ? [upstream] : []).map((p) => p.trim()).filter(Boolean);
  return uniq([SIGN_IN_CSP, ...theirs]).join(', ');
}

/** Whether this request reached the gateway over TLS (directly, or through a trusted proxy). */
export function servedOverTls(request: FastifyRequest, config: Pick<GatewayConfig, 'tls'>): boolean {
  return config.tls || request.protocol === 'https';
}

export interface CookieFlags {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: string;
  maxAge?: number;
}

/** Every cookie the gateway sets: httpOnly, SameSite=Lax, Secure when served over TLS. */
export function cookieFlags(request: FastifyRequest, config: Pick<GatewayConfig, 'tls'>, maxAgeS?: number): CookieFlags {
  return { httpOnly: true, sameSite: 'lax', secure: servedOverTls(request, config), path: '/', ...(maxAgeS ? { maxAge: maxAgeS } : {}) };
}

/**
 * Rewrites an upstream Set-Cookie header so the browser gets it with the gateway's flags:
 * HttpOnly, SameSite=Lax, Secure when served over TLS; Domain is dropped (the cookie belongs to
 * the gateway's host), Path defaults to '/'.
 */
export function hardenSetCookie(raw: string, secure: boolean): string {
  const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
  const kept = attrs.filter((a) => !/^(httponly|secure|samesite|domain)(=|$)/i.test(a));
  if (!kept.some((a) => /^path=/i.test(a))) kept.push('Path=/');
  kept.push('HttpOnly', 'SameSite=Lax');
  if (secure) kept.push('Secure');
  return [pair, ...kept].join('; ');
}

const DEFAULT_RETURN = SEARCH_PATH;

/**
 * The one rule for every redirect the product makes (sign-in return URLs, saved-search links,
 * URL normalisation): the target is kept only when it is same-origin, and what is sent is always
 * a path of this origin. Kept: a path starting with a single '/', or an absolute http(s) URL
 * whose origin is the gateway's own. The path is taken after the URL parser has resolved it
 * (dot segments, '%2e', userinfo, case), and refused if it then starts with '//' or '/\',
 * which a browser reads as another host ('/.//evil.example' resolves to '//evil.example').
 * Anything else (other hosts, javascript:, data:, whitespace or control characters,
 * backslashes) becomes /cars-for-sale.
 */
export function safeReturnUrl(raw: unknown, ownOrigin: string, fallback = DEFAULT_RETURN): string {
  if (typeof raw !== 'string' || !raw || raw.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex -- control and invisible characters are what this test rejects
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/.test(raw)) return fallback;
  if (!raw.startsWith('/') && !/^https?:\/\//i.test(raw)) return fallback;
  if (raw.startsWith('//')) return fallback;
  let u: URL;
  try {
    u = new URL(raw, ownOrigin);
  } catch {
    return fallback;
  }
  if (u.origin !== ownOrigin || u.username || u.password) return fallback;
  const out = `${u.pathname}${u.search}${u.hash}`;
  if (!out.startsWith('/') || out.startsWith('//') || out.startsWith('/\\')) return fallback;
  return out;
}

/** The origin of the request as the browser sees it. */
export function ownOrigin(request: FastifyRequest, config: Pick<GatewayConfig, 'tls'>): string {
  const host = request.headers.host ?? `${request.hostname}`;
  return `${servedOverTls(request, config) ? 'https' : 'http'}://${host}`;
}

/**
 * The options of @fastify/helmet (registered in app.ts): the headers every answer carries first;
 * page/headers.ts replaces what differs for a kind of document. No directive depends on the
 * request, so the options are computed once at boot.
 */
export function helmetOptions(config: Pick<GatewayConfig, 'tls' | 'registryOrigins'>, registry: Registry): FastifyHelmetOptions {
  return {
    // The base policy; the page route answers its own (registry and staging override origins).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({ registryOrigins: registryOrigins(registry, config.registryOrigins), tls: config.tls }),
    },
    // Remote files are fetched by the Module Federation runtime with CORS; allow same-site use.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.tls ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/**
 * What the body of a write is, as its route declares it (`config: { write: ... }`):
 * - 'json': application/json only (every call the page's scripts make);
 * - 'beacon': application/json or text/plain (navigator.sendBeacon sends a string as text/plain);
 * - 'form': an HTML form post (application/x-www-form-urlencoded), the sign-in page.
 */
export type WriteBody = 'json' | 'beacon' | 'form';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a state-changing route: see writeGuard. */
    write?: WriteBody;
    /**
     * The rate limit a write counts against: the one every write shares (absent), or a limit of its
     * own of the same size (page events: a busy page's reports never use up the shopper's writes).
     */
    writeLimit?: string;
  }
}

export const WRITE_CONTENT_TYPES: Record<WriteBody, readonly string[]> = {
  json: ['application/json'],
  beacon: ['application/json', 'text/plain'],
  form: ['application/x-www-form-urlencoded'],
};

/**
 * Why a state-changing request is refused as cross-site, or null when it is not. The rule of
 * the Fetch Metadata resource-isolation policy (as Go's net/http CrossOriginProtection applies
 * it): a browser that sends Sec-Fetch-Site is believed ('same-origin', or 'none' for a request the
 * person made directly, pass; 'same-site' and 'cross-site' do not). Without it, an Origin header
 * must name this host. A request with neither comes from no browser (a deploy script, a server)
 * and carries no one's cookies by accident: it passes.
 */
export function crossSiteRefusal(headers: FastifyRequest['headers']): string | null {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string' && site) {
    return site === 'same-origin' || site === 'none' ? null : `Sec-Fetch-Site: ${site.slice(0, 20)}`;
  }
  const origin = headers.origin;
  if (typeof origin !== 'string' || !origin) return null;
  if (origin === 'null') return 'Origin: null';
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return 'Origin is not a URL';
  }
  return host && host === String(headers.host ?? '').toLowerCase() ? null : `Origin ${host.slice(0, 100)} is not this site`;
}

/**
 * Who a write is counted against by the write rate limit: an IPv4 client by its address (also when it comes
 * as an IPv4-mapped IPv6 address, '::ffff:1.2.3.4'); an IPv6 client by its /64, the block one
 * subscriber holds, so stepping through the addresses of one's own network does not reset the
 * count. Anything unparsable is counted as it is.
 */
export function writeClientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(raw: string | undefined): string {
  return (raw ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The one gate of every write (every route whose config names `write`), run before its body is
 * read:
 * 1. one rate limit per client across all write routes together (RATE_LIMIT_WRITES a minute),
 *    keyed on request.ip (the socket's address, or the address the nearest untrusted hop had
 *    behind the proxies TRUST_PROXY names, never "any header") as writeClientKey counts it: an
 *    IPv6 client by its /64, an IPv4-mapped address as its IPv4 one; a route that names a
 *    `writeLimit` counts against a limit of that name instead, of the same size;
 * 2. cross-site requests are refused with 403 (login CSRF, cross-site form or beacon posts);
 * 3. a body of another content type than the route reads is refused with 415.
 */
export function writeGuard(app: FastifyInstance, config: Pick<GatewayConfig, 'rateLimitWrites'>) {
  const limit = app.rateLimit({ max: config.rateLimitWrites, timeWindow: 60_000 });
  const ownLimits = new Map<string, typeof limit>();
  const limitOf = (name: string | undefined) => {
    if (!name) return limit;
    let own = ownLimits.get(name);
    // Its own key too: a shared (Redis) store keeps every limit made this way under one prefix.
    if (!own)
      ownLimits.set(
        name,
        (own = app.rateLimit({ max: config.rateLimitWrites, timeWindow: 60_000, keyGenerator: (r) => `${name}:${writeClientKey(r.ip)}` })),
      );
    return own;
  };
  const refuse = (reply: FastifyReply, status: number, error: string) =>
    reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ error, statusCode: status });
  const gate = async (request: FastifyRequest, reply: FastifyReply) => {
    const kind = request.routeOptions.config?.write;
    if (!kind) return;
    await limitOf(request.routeOptions.config?.writeLimit).call(app, request, reply);
    const why = crossSiteRefusal(request.headers);
    if (why) {
      request.log.warn({ why, url: request.url }, 'cross-site write refused');
      return refuse(reply, 403, 'Cross-site request refused: this action can only be taken from this site');
    }
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = mediaType(request.headers['content-type']);
    if ((hasBody || type) && !WRITE_CONTENT_TYPES[kind].includes(type)) {
      return refuse(reply, 415, `Unsupported content type ${type || '(none)'}: send ${WRITE_CONTENT_TYPES[kind].join(' or ')}`);
    }
  };
  // Only write routes carry the gate: reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (!(route.config as { write?: WriteBody } | undefined)?.write) return;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [gate, ...own] as typeof route.onRequest;
  });
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether a request may see what is for operators (/metrics, the detail of /healthz): in staging
 * anyone; in production a client on loopback that came through no proxy (a proxy on the same
 * machine that TRUST_PROXY does not name would make every visitor look local), or a request
 * carrying `Authorization: Bearer <OPS_TOKEN>`.
 */
export function isOperator(request: FastifyRequest, config: Pick<GatewayConfig, 'mode' | 'opsToken'>): boolean {
  if (config.mode === 'staging') return true;
  const auth = request.headers.authorization;
  if (config.opsToken && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = crypto.createHash('sha256').update(auth.slice(7)).digest();
    const want = crypto.createHash('sha256').update(config.opsToken).digest();
    if (crypto.timingSafeEqual(given, want)) return true;
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.test(request.ip ?? '');
}
