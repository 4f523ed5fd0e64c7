/**
 * Gateway configuration, from the environment, read once with a schema (env-schema): a value the
 * schema refuses (PAGE_SIZE=abc, SSR_THREADS=0, GATEWAY_MODE=stage) stops the start with an error
 * that names the variable; an empty value is an unset one. Every upstream's base URL is
 * configurable.
 */
import os from 'node:os';
import path from 'node:path';
import envSchema from 'env-schema';
import { FOOTER_AD_SMALL_SIZES, LIMITS, SEARCH_PATH, type Brand, type FooterAdSmall } from '@cfs/contracts';
import { JUDGE_DEFAULTS, type JudgeSettings } from './registry/canary-judge';
import { gatewayProcesses } from './cluster';
import { sortReading, type SortReading } from '@cfs/search-query';

export type UpstreamName = 'listing' | 'account' | 'content' | 'reference' | 'eligibility' | 'geo';
export const UPSTREAMS: UpstreamName[] = ['listing', 'account', 'content', 'reference', 'eligibility', 'geo'];

export interface GatewayConfig {
  port: number;
  host: string;
  /** 'staging' allows ?remotes= registry overrides; 'production' refuses them. */
  mode: 'production' | 'staging';
  upstreams: Record<UpstreamName, string>;
  /** Published remote versions, and the registry file when there is no Redis. */
  dataDir: string;
  /**
   * REDIS_URL: the Redis every gateway shares the registry (live, canary, history) and the write
   * rate limit through (registry/redis.ts); empty: the file registry in dataDir, one machine.
   */
  redisUrl: string;
  /** REDIS_PREFIX ('cfs'): the prefix of every key this platform keeps in that Redis. */
  redisPrefix: string;
  /**
   * SSR_BUDGET_MS (50): how much of its own time one region's server render may take (from when
   * its isolate starts on it, less its waits for the gateway's answers) before the browser renders
   * it instead.
   */
  ssrBudgetMs: number;
  /** SSR_DEADLINE_MS (200): how long, everything counted, a region's server render may take. */
  ssrDeadlineMs: number;
  /** The server render isolates (ssr/isolates.ts). */
  ssr: {
    /** SSR_FRAME_BUDGET_MS (1000): the page frame's budget. */
    frameBudgetMs: number;
    /** SSR_QUEUE_MS (1000): how long a render may wait for its isolate to start on it. */
    queueMs: number;
    /** SSR_STUCK_AFTER_MS (250): an isolate that has not acknowledged an abort this long after a budget (less its waits for a core) is terminated. */
    stuckAfterMs: number;
    /** SSR_ISOLATE_HEAP_MB (256): heap limit of one isolate. */
    heapMb: number;
    /** SSR_THREADS (1): threads per live version. */
    threads: number;
    /**
     * SSR_PAGES_AT_ONCE: pages that render at once in one process, the others waiting their turn
     * in order (ssr/page-slots.ts); 0 is no limit. Unset, PAGES_PER_CORE per core of the machine,
     * shared by the gateway's processes (8 for one process on 2 cores, 4 each for two).
     */
    pagesAtOnce: number;
    /** SSR_PAGE_WAIT_MS (1000): how long a page waits for its turn before it goes on without one. */
    pageWaitMs: number;
    /** SSR_BREAKER_RESET_MS (5000): how long a failing version's breaker stays open. */
    breakerResetMs: number;
    /** SSR_SHARED_ANSWERS_MS (5000): how long the answers signed-out pages' regions share are kept; 0 keeps none. */
    sharedAnswersMs: number;
  };
  /**
   * Rollback by evidence (registry/canary-judge.ts): CANARY_MIN_SESSIONS (100) shoppers on each
   * side before judging, CANARY_Z (3.09) the one-sided z to end it, CANARY_MIN_EFFECT (0.02) the
   * least difference in failure rates worth acting on, CANARY_WINDOW_MS (600000) the sliding window.
   */
  canary: JudgeSettings;
  /** Host name -> brand; anything else is the main brand. */
  brandHosts: Record<string, Brand>;
  pageSize: number;
  remoteTimeoutMs: number;
  /** SHOWCASE_CELL_WIDTH (220): the showcase carousel's cell width in CSS px, 120 to 480 (page-furniture §9). */
  showcaseCellWidth: number;
  /** FOOTER_AD_SMALL: the footer ad's size on small screens, '320x50' (default) or the spec's optional '320x250'. */
  footerAdSmall: FooterAdSmall;
  signInPath: string;
  /** DEFAULT_SORT: which of the spec's two default sorts is in force ('state': relevance, 'optionFile': derivedpriceDESC). */
  defaultSortReading: SortReading;
  logLevel: string;
  /** Served over TLS (directly or behind a TLS-terminating proxy): Secure cookies, HSTS, upgrade-insecure-requests. */
  tls: boolean;
  /**
   * The proxies in front whose X-Forwarded-* the gateway believes (parseTrustProxy): false (none:
   * the socket's address is the client) or their addresses. The client address (the write rate
   * limit's key) is then the one the nearest untrusted hop had, never a header a client can set.
   */
  trustProxy: false | string[];
  /** Extra origins remotes may be served from (a CDN); relative registry entries are 'self'. */
  registryOrigins: string[];
  /**
   * Bearer token that opens /metrics and the detail of /healthz to a scraper that is not on
   * loopback (production; staging shows them to anyone). Empty: loopback only.
   */
  opsToken: string;
  /** Writes (POST/PUT/DELETE) allowed per client IP per minute. */
  rateLimitWrites: number;
  /** Name of the signed-in cookie (set by the upstream's sign-in page, read on the server). */
  sessionCookie: string;
  /** Gap between browsing-history fetches of one signed-in session (spec: 120000 ms). */
  browsingHistoryGapMs: number;
  /** The axios adapter: 'undici' (default) or 'node' (axios's http adapter over keep-alive agents). */
  httpClient: 'undici' | 'node';
  /** WARM_UP_PATHS: the pages the gateway asks itself for after it starts (none: 'none'). */
  warmUpPaths: string[];
}

/** REDIS_URL as given (redis:// or rediss://), or '' when unset; anything else is refused at start. */
function redisUrl(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  if (!v) return '';
  if (!/^rediss?:\/\/[^\s]+$/i.test(v))
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL (got "${v.replace(/:[^:@/]*@/, ':***@')}")`);
  return v;
}

/** A positive number from the environment, or the default. */
/** Pages rendered at once per core of the machine, all the gateway's processes together (SSR_PAGES_AT_ONCE unset). */
export const PAGES_PER_CORE = 4;

function pagesAtOnceDefault(env: NodeJS.ProcessEnv): number {
  let processes = 1;
  try {
    processes = gatewayProcesses(env);
  } catch {
    // A GATEWAY_PROCESSES that is not a number: the start refuses it (main.ts).
  }
  return Math.max(1, Math.ceil((PAGES_PER_CORE * os.availableParallelism()) / processes));
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * TRUST_PROXY names the proxies in front of the gateway whose X-Forwarded-For/-Proto it believes:
 * a comma-separated list of addresses, CIDRs or proxy-addr's names (loopback, linklocal,
 * uniquelocal); '1', 'true' or 'yes' mean 'loopback' (a proxy on the same machine). Unset, '0' or
 * 'false': none. A bare hop count cannot tell a proxy from a client that sends the header itself
 * (Fastify refuses it), and "believe anyone" is never offered.
 */
export function parseTrustProxy(raw: string | undefined): false | string[] {
  const v = (raw ?? '').trim();
  if (!v || /^(0|false|no|off)$/i.test(v)) return false;
  if (/^(1|true|yes|on)$/i.test(v)) return ['loopback'];
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i.test(s) && !/^\d+$/.test(s));
  return list.length ? list : false;
}

/** OPS_TOKEN: unset for none; a token shorter than 16 characters is a configuration error, not ignored. */
function opsToken(raw: string | undefined): string {
  if (!raw) return '';
  if (raw.length < 16) throw new Error('OPS_TOKEN must be at least 16 characters long (or unset: operators on loopback only)');
  return raw;
}

const repoRoot = path.resolve(__dirname, '..', '..');

const int = (minimum: number, maximum = Number.MAX_SAFE_INTEGER) => ({ type: 'integer', minimum, maximum }) as const;
const above0 = { type: 'number', exclusiveMinimum: 0 } as const;

/** What each variable with a shape must look like (the rest are free text, read below). */
const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: int(0, 65535),
    UPSTREAM_PORT: int(1, 65535),
    GATEWAY_MODE: { type: 'string', enum: ['production', 'staging'] },
    PAGE_SIZE: int(1, 100),
    REMOTE_TIMEOUT_MS: int(1, 600_000),
    SHOWCASE_CELL_WIDTH: int(120, 480),
    FOOTER_AD_SMALL: { type: 'string', enum: [...FOOTER_AD_SMALL_SIZES] },
    DEFAULT_SORT: { type: 'string', enum: ['state', 'optionFile'] },
    SSR_BUDGET_MS: above0,
    SSR_DEADLINE_MS: above0,
    SSR_FRAME_BUDGET_MS: above0,
    SSR_QUEUE_MS: above0,
    SSR_STUCK_AFTER_MS: above0,
    SSR_ISOLATE_HEAP_MB: int(16, 65_536),
    SSR_THREADS: int(1, 64),
    SSR_BREAKER_RESET_MS: above0,
    SSR_PAGES_AT_ONCE: int(0, 1024),
    SSR_PAGE_WAIT_MS: above0,
    SSR_SHARED_ANSWERS_MS: { type: 'number', minimum: 0 },
    CANARY_MIN_SESSIONS: int(1),
    CANARY_Z: above0,
    CANARY_MIN_EFFECT: { type: 'number', minimum: 0, maximum: 1 },
    CANARY_WINDOW_MS: int(1),
    RATE_LIMIT_WRITES: int(1),
    BROWSING_HISTORY_GAP_MS: int(0),
    GATEWAY_HTTP_CLIENT: { type: 'string', enum: ['undici', 'node'] },
    LOG_LEVEL: { type: 'string', enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    WARM_UP_PATHS: { type: 'string' },
  },
} as const;

type Env = Partial<Record<keyof (typeof ENV_SCHEMA)['properties'], string | number>>;

/** The variables the schema knows, checked and converted; throws naming the first that is refused. */
function checkedEnv(env: NodeJS.ProcessEnv): Env {
  const known = Object.fromEntries(
    Object.keys(ENV_SCHEMA.properties)
      .filter((k) => env[k] !== undefined && env[k] !== '')
      .map((k) => [k, env[k]]),
  );
  try {
    return envSchema({ schema: structuredClone(ENV_SCHEMA) as unknown as object, data: known, env: false }) as Env;
  } catch (err) {
    const first = (err as { errors?: { instancePath: string; keyword: string; message?: string; params: { allowedValues?: unknown[] } }[] })
      .errors?.[0];
    if (!first) throw err;
    const name = first.instancePath.replace(/^\//, '');
    const rule = first.keyword === 'enum' ? `must be one of ${(first.params.allowedValues ?? []).join(', ')}` : first.message;
    throw new Error(`configuration: ${name} ${rule} (got "${String(known[name])}")`, { cause: err });
  }
}

/** WARM_UP_PATHS: comma-separated page paths (others are left out); 'none' turns warm-up off. */
function warmUpPathsOf(raw: string | undefined): string[] {
  const value = raw ?? `${SEARCH_PATH}?listingType=USED,${SEARCH_PATH}/all/ford/f150?listingType=USED`;
  if (value.trim() === 'none') return [];
  return value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.startsWith(SEARCH_PATH));
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const checked = checkedEnv(rawEnv);
  const env = { ...rawEnv, ...Object.fromEntries(Object.entries(checked).map(([k, v]) => [k, String(v)])) };
  const upstreamDefault = env.UPSTREAM_URL || `http://127.0.0.1:${env.UPSTREAM_PORT || 8090}`;
  const upstreams = Object.fromEntries(UPSTREAMS.map((u) => [u, env[`UPSTREAM_${u.toUpperCase()}_URL`] || upstreamDefault])) as Record<
    UpstreamName,
    string
  >;
  const brandHosts: Record<string, Brand> = {};
  for (const pair of (env.BRAND_HOSTS || '').split(',').filter(Boolean)) {
    const [host, brand] = pair.split('=');
    if (host && brand) brandHosts[host.trim().toLowerCase()] = brand.trim() as Brand;
  }
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    mode: env.GATEWAY_MODE === 'staging' ? 'staging' : 'production',
    upstreams,
    dataDir: path.resolve(env.GATEWAY_DATA_DIR || path.join(repoRoot, 'gateway', '.data')),
    redisUrl: redisUrl(env.REDIS_URL),
    redisPrefix: /^[\w:.-]{1,64}$/.test(env.REDIS_PREFIX || '') ? env.REDIS_PREFIX! : 'cfs',
    canary: {
      minSessions: positive(env.CANARY_MIN_SESSIONS, JUDGE_DEFAULTS.minSessions),
      z: positive(env.CANARY_Z, JUDGE_DEFAULTS.z),
      minEffect: positive(env.CANARY_MIN_EFFECT, JUDGE_DEFAULTS.minEffect),
      windowMs: positive(env.CANARY_WINDOW_MS, JUDGE_DEFAULTS.windowMs),
    },
    ssrBudgetMs: Math.max(1, Number(env.SSR_BUDGET_MS || 50) || 50),
    ssrDeadlineMs: positive(env.SSR_DEADLINE_MS, Math.max(200, 4 * (Number(env.SSR_BUDGET_MS) || 50))),
    ssr: {
      frameBudgetMs: positive(env.SSR_FRAME_BUDGET_MS, 1000),
      queueMs: positive(env.SSR_QUEUE_MS, 1000),
      stuckAfterMs: positive(env.SSR_STUCK_AFTER_MS, 250),
      heapMb: positive(env.SSR_ISOLATE_HEAP_MB, 256),
      threads: positive(env.SSR_THREADS, 1),
      breakerResetMs: positive(env.SSR_BREAKER_RESET_MS, 5000),
      pagesAtOnce: env.SSR_PAGES_AT_ONCE === '0' ? 0 : positive(env.SSR_PAGES_AT_ONCE, pagesAtOnceDefault(rawEnv)),
      pageWaitMs: positive(env.SSR_PAGE_WAIT_MS, 1000),
      sharedAnswersMs: env.SSR_SHARED_ANSWERS_MS === '0' ? 0 : positive(env.SSR_SHARED_ANSWERS_MS, 5000),
    },
    brandHosts,
    pageSize: Number(env.PAGE_SIZE || 24),
    remoteTimeoutMs: Number(env.REMOTE_TIMEOUT_MS || 8000),
    showcaseCellWidth: Number(env.SHOWCASE_CELL_WIDTH || 220),
    footerAdSmall: (env.FOOTER_AD_SMALL as FooterAdSmall | undefined) || '320x50',
    signInPath: env.SIGNIN_PATH || '/account/signin',
    defaultSortReading: sortReading(env.DEFAULT_SORT),
    logLevel: env.LOG_LEVEL || 'info',
    tls: /^(1|true|yes)$/i.test(env.GATEWAY_TLS || ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    registryOrigins: (env.REGISTRY_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^https?:\/\/[^/]+$/i.test(s)),
    opsToken: opsToken(env.OPS_TOKEN),
    rateLimitWrites: Math.max(1, Number(env.RATE_LIMIT_WRITES || 60) || 60),
    sessionCookie: env.SESSION_COOKIE || 'cfs_session',
    browsingHistoryGapMs: Number(env.BROWSING_HISTORY_GAP_MS || LIMITS.browsingHistoryGapMs),
    httpClient: env.GATEWAY_HTTP_CLIENT === 'node' ? 'node' : 'undici',
    warmUpPaths: warmUpPathsOf(rawEnv.WARM_UP_PATHS),
  };
}
