/**
 * Warm-up after start: the first page a gateway renders pays for loading the server containers'
 * code paths, the upstream's first searches and the connection pools, and its regions miss the
 * server-render budget (they are then rendered in the browser). Before shoppers meet that, the
 * gateway asks itself for its main pages (in-process, no network), retrying while the upstream
 * is still starting. Nothing waits on it; it is logged.
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
}

export interface WarmUpResult {
  path: string;
  status: number;
  attempts: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function warmUp(app: Pick<FastifyInstance, 'inject'>, opts: WarmUpOptions): Promise<WarmUpResult[]> {
  const { rounds = 2, attempts = 40, delayMs = 500 } = opts;
  const results: WarmUpResult[] = [];
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
