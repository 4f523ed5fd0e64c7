/**
 * Answers many pages share, kept a few seconds: what the regions' server renders ask the gateway
 * for (tier spotlights, reference content for a make and model, eligibility of a listing) is the
 * same for every signed-out shopper on the same host asking the same URL. Kept for
 * SSR_SHARED_ANSWERS_MS (5 s) in an LRU bounded by size; past that, the next page gets it stale
 * while its request refreshes it (stale-while-revalidate, lru-cache's fetch), and a refresh that
 * fails drops it. Never for a signed-in shopper: their pages ask for themselves. A failed answer
 * is never kept.
 */
import { LRUCache } from 'lru-cache';

export interface SharedAnswersOptions {
  /** How long an answer is fresh; 0 keeps nothing. */
  ttlMs: number;
  /** The most text kept, in characters. */
  maxChars?: number;
  /** A kept answer, asked (fresh or stale) or not found. */
  onLookup?(result: 'fresh' | 'stale' | 'miss'): void;
}

export class SharedAnswers {
  private readonly cache: LRUCache<string, string, () => Promise<string>> | null;

  constructor(private readonly opts: SharedAnswersOptions) {
    this.cache =
      opts.ttlMs > 0
        ? new LRUCache<string, string, () => Promise<string>>({
            maxSize: opts.maxChars ?? 32 * 1024 * 1024,
            sizeCalculation: (body) => Math.max(1, body.length),
            ttl: opts.ttlMs,
            allowStale: true,
            fetchMethod: (_key, _stale, { context }) => context(),
          })
        : null;
  }

  /** The answer for `key`, kept or asked with `ask` (once at a time per key). */
  async get(key: string, ask: () => Promise<string>): Promise<string> {
    if (!this.cache) return ask();
    const status: LRUCache.Status<string, string> = {};
    const body = await this.cache.fetch(key, { context: ask, status });
    this.opts.onLookup?.(status.fetch === 'hit' || status.fetch === 'inflight' ? 'fresh' : status.fetch === 'stale' ? 'stale' : 'miss');
    if (body === undefined) return ask();
    return body;
  }
}
