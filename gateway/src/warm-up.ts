/**
 * Warm-up after start: the first page a gateway renders pays for loading the server containers'
 * code paths, the upstream's first searches and the connection pools, and its regions miss the
 * server-render budget (they are then rendered in the browser). Before shoppers meet that, the
 * gateway asks itself for its main pages (in-process, no network), retrying while the upstream
 * is still starting. It first waits until the listing upstream answers at all (`ready`): a page
 * asked of an upstream not yet listening logs its failed calls as errors and counts them against
 * the base search's breaker, which shoppers would then meet open. Nothing waits on the warm-up; it
 * is logged.
 *
 * A process whose siblings serve meanwhile (a cluster worker started again after it exited:
 * cluster.ts) warms up before it listens, so no shopper meets its cold first pages; it listens
 * after WARM_FIRST_WITHIN_MS at most, the warm-up going on then. A process serving alone (the
 * first ones, a single process) listens first: a cold page is better than a refused connection.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegionRenderOptions } from './ssr/regions';

/**
 * Marks the warm-up's own pages, with a value only this process knows: a shopper's request cannot
 * pass for one. A region such a page leaves to the browser (cold code past its budget: what the
 * warm-up is for) is logged as info, not as a warning an operator should act on; /metrics still
 * counts it.
 */
export const WARM_UP_HEADER = 'x-cfs-warm-up';
const WARM_UP_TOKEN = randomUUID();

/** The logger a page's region renders report to: the request's, its warnings as info on one of this process's warm-up pages. */
export function regionLog(request: Pick<FastifyRequest, 'headers' | 'log'>): RegionRenderOptions['log'] {
  if (request.headers[WARM_UP_HEADER] !== WARM_UP_TOKEN) return request.log;
  return { warn: (obj, msg) => request.log.info({ ...obj, warmUp: true }, msg) };
}

export interface WarmUpOptions {
  /** Page paths to ask for, e.g. '/cars-for-sale?listingType=USED'. */
  paths: string[];
  /** Rounds over all paths once every one answered 200 (each round warms further). */
  rounds?: number;
  /** Attempts per path while it does not answer 200 (the upstream may still be starting). */
  attempts?: number;
  delayMs?: number;
  /** Whether the upstream is up (upstreamAnswers); asked every `delayMs`, `attempts` times at most, before any page. */
  ready?: () => Promise<boolean>;
}

export interface WarmUpResult {
  path: string;
  status: number;
  attempts: number;
}

const WARM_UP_HEADERS = { accept: 'text/html', [WARM_UP_HEADER]: WARM_UP_TOKEN };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The longest a warm-up before listening holds a process back from listening. */
export const WARM_FIRST_WITHIN_MS = 15_000;

export interface ListenOptions {
  listen(): Promise<unknown>;
  /** The warm-up (warmUp on this process's app); null: none. */
  warm: (() => Promise<WarmUpResult[]>) | null;
  /** Warm up before listening (others serve meanwhile). */
  first: boolean;
  /** The longest a warm-up first holds back listening (WARM_FIRST_WITHIN_MS). */
  firstWithinMs?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Listens, and warms up after (or first, with `first`); the warm-up is logged as 'warm-up done'. */
export async function listenAndWarmUp(o: ListenOptions): Promise<void> {
  const started = Date.now();
  let listened = false;
  let settled = false;
  const warm = (run: () => Promise<WarmUpResult[]>) =>
    run().then(
      (results) => {
        settled = true;
        o.log.info({ warmUp: results, beforeListening: !listened, ms: Date.now() - started }, 'warm-up done');
      },
      (err: unknown) => {
        settled = true;
        o.log.warn({ err }, 'warm-up failed');
      },
    );
  if (o.first && o.warm) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([warm(o.warm), new Promise((r) => (timer = setTimeout(r, o.firstWithinMs ?? WARM_FIRST_WITHIN_MS)))]);
    clearTimeout(timer);
    if (!settled) o.log.warn({ ms: Date.now() - started }, 'warm-up not done in time: listening while it goes on');
  }
  await o.listen();
  listened = true;
  if (!o.first && o.warm) void warm(o.warm);
}

/** True once an HTTP server answers at `base`, whatever the status: the upstream has started. */
export async function upstreamAnswers(base: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const res = await fetch(base, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function warmUp(app: Pick<FastifyInstance, 'inject'>, opts: WarmUpOptions): Promise<WarmUpResult[]> {
  const { rounds = 2, attempts = 40, delayMs = 500 } = opts;
  const results: WarmUpResult[] = [];
  for (let i = 0; opts.ready && i < attempts && !(await opts.ready()); i++) await sleep(delayMs);
  for (const asked of opts.paths) {
    let path = asked;
    let status = 0;
    let tries = 0;
    while (tries < attempts) {
      tries++;
      const res = await app.inject({ method: 'GET', url: path, headers: WARM_UP_HEADERS });
      status = res.statusCode;
      // The page's own address when the gateway normalises the one asked for.
      const location = res.headers.location;
      if (status >= 300 && status < 400 && typeof location === 'string' && location.startsWith('/')) {
        path = location;
        continue;
      }
      if (status === 200) break;
      await sleep(delayMs);
    }
    results.push({ path, status, attempts: tries });
  }
  // Further rounds once the pages answer: the first answered round is still the cold one.
  for (let r = 1; r < rounds; r++) {
    for (const res of results) if (res.status === 200) await app.inject({ method: 'GET', url: res.path, headers: WARM_UP_HEADERS });
  }
  return results;
}
