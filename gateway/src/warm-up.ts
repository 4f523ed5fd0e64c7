/**
 * Warm-up after start: the first page a gateway renders pays for loading the server containers'
 * code paths, the upstream's first searches and the connection pools, and its regions miss the
 * server-render budget (they are then rendered in the browser). Before shoppers meet that, the
 * gateway asks itself for its main pages (in-process, no network), retrying while the upstream
 * is still starting. It first waits until the listing upstream answers at all (`ready`): a page
 * asked of an upstream not yet listening logs its failed calls as errors and counts them against
 * the base search's breaker, which shoppers would then meet open. Nothing waits on the warm-up; it
 * is logged.
 */
import type { FastifyInstance } from 'fastify';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
      const res = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
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
    for (const res of results) if (res.status === 200) await app.inject({ method: 'GET', url: res.path, headers: { accept: 'text/html' } });
  }
  return results;
}
