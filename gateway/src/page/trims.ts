/**
 * Trim membership for the page's normalisation (page-furniture §2: "The trimCode is kept only if
 * it belongs to the make and model"). The trims of a make and model come from the reference
 * lookup (`trims`, crawl trims) through its breaker; they are kept for TRIMS_TTL_MS. A lookup that
 * fails, times out or finds its circuit open keeps the trims (the page never fails for it, and a
 * trim is never dropped on a guess); a failure is not kept.
 *
 * A URL names at most MAX_PAIRS make and model pairs whose trims are looked up: more pairs are not
 * looked up (their trims are kept), so that no URL makes the gateway call the reference service
 * more than that.
 */
import { LRUCache } from 'lru-cache';
import type { TrimBelongs } from '@cfs/search-query';
import type { UpstreamClient } from '../proxy/client';

export const TRIMS_TTL_MS = 10 * 60_000;
export const MAX_PAIRS = 4;

class Unknown extends Error {}

export class TrimReference {
  private readonly known = new LRUCache<string, ReadonlySet<string>>({ max: 5_000, ttl: TRIMS_TTL_MS });

  constructor(private readonly client: UpstreamClient) {}

  /** The trims of one make and model (upper-case codes), or null when the lookup could not answer. */
  private async trimsOf(make: string, model: string): Promise<ReadonlySet<string> | null> {
    const key = `${make}\u0000${model}`;
    const kept = this.known.get(key);
    if (kept) return kept;
    const res = await this.client.call<{ trims?: { code?: unknown }[] }>('trims', { query: { makeCode: make, modelCode: model } });
    if (!res.ok || res.fallback || !Array.isArray(res.data?.trims)) return null;
    const codes = new Set(res.data.trims.map((t) => (typeof t?.code === 'string' ? t.code.toUpperCase() : '')).filter(Boolean));
    this.known.set(key, codes);
    return codes;
  }

  /**
   * Whether a trim belongs to a make and model, for the normaliser (search-query's TrimBelongs),
   * once the trims of these pairs are looked up. A pair that could not be looked up throws: its
   * trims are kept.
   */
  async belongs(makes: readonly string[], models: readonly string[]): Promise<TrimBelongs> {
    const pairs = makes.flatMap((make) => models.map((model) => [make.toUpperCase(), model.toUpperCase()] as const)).slice(0, MAX_PAIRS);
    const lists = new Map<string, ReadonlySet<string> | null>();
    await Promise.all(pairs.map(async ([make, model]) => lists.set(`${make}\u0000${model}`, await this.trimsOf(make, model))));
    return (make, model, trim) => {
      const list = lists.get(`${make.toUpperCase()}\u0000${model.toUpperCase()}`);
      if (!list) throw new Unknown(`the trims of ${make} ${model} are not known`);
      return list.has(trim.toUpperCase());
    };
  }
}
