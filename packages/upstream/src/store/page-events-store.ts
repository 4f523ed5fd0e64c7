/**
 * The page events the gateway's collector forwards (page-furniture §7: clicks and impressions),
 * stored batch by batch in an embedded database (`<dataDir>/page-events/`, LMDB: see records.ts),
 * apart from the account data: a batch is acknowledged once it is on disk.
 *
 * Bounded growth (`prune`, at open and every hour): batches older than RETENTION_MS go, and at
 * most BATCHES_MAX are kept (the newest).
 *
 * One store per data folder per process (`openPageEvents` takes a reference, `releasePageEvents`
 * gives it back; the last release flushes and closes), as for the account store.
 */
import path from 'node:path';
import type { PageEvent } from '@cfs/contracts';
import { RecordStore, type Shape } from './records';
import { randomId } from './account-store';
import { perFolder } from './per-folder';

export const PAGE_EVENTS_DIR = 'page-events';
/** How long batches are kept. */
export const RETENTION_MS = 90 * 24 * 3600 * 1000;
/** The most batches kept (the newest). */
export const BATCHES_MAX = 100_000;
const PRUNE_EVERY_MS = 3600 * 1000;

export interface PageEventBatch {
  id: string;
  createdAt: string;
  events: PageEvent[];
}

interface PageEventData {
  batches: PageEventBatch[];
}

const SHAPE: Shape<PageEventData> = { records: [], lists: ['batches'] };
const emptyData = (): PageEventData => ({ batches: [] });

export class PageEventStore {
  private pruneTimer: NodeJS.Timeout | null = null;

  private constructor(private readonly db: RecordStore<PageEventData>) {}

  static async open(dataDir: string): Promise<PageEventStore> {
    const db = await RecordStore.open<PageEventData>(path.join(dataDir, PAGE_EVENTS_DIR), SHAPE, { initial: emptyData });
    const store = new PageEventStore(db);
    await store.prune();
    store.pruneTimer = setInterval(() => void store.prune().catch(() => undefined), PRUNE_EVERY_MS);
    store.pruneTimer.unref();
    return store;
  }

  async add(events: PageEvent[], now = new Date()): Promise<PageEventBatch> {
    const batch: PageEventBatch = { id: randomId('pe-', 12), createdAt: now.toISOString(), events };
    return this.db.mutate((_d, w) => w.push('batches', batch));
  }

  /** The stored batches, oldest first. */
  batches(): readonly PageEventBatch[] {
    return this.db.data.batches;
  }

  /** Drops old batches and keeps at most BATCHES_MAX; resolves with how many went. */
  async prune(now = Date.now()): Promise<number> {
    return this.db.mutate((d, w) => {
      let n = w.drop('batches', (r) => now - Date.parse((r as PageEventBatch).createdAt) < RETENTION_MS);
      if (d.batches.length > BATCHES_MAX) {
        const keep = new Set<unknown>(d.batches.slice(d.batches.length - BATCHES_MAX));
        n += w.drop('batches', (r) => keep.has(r));
      }
      return n;
    });
  }

  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.db.close();
  }
}

const stores = perFolder((dir) => PageEventStore.open(dir));

/** The page event store of `dataDir` (created with the folder if missing); takes a reference. */
export function openPageEvents(dataDir: string): Promise<PageEventStore> {
  return stores.take(dataDir);
}

/** Gives back a reference taken by openPageEvents; the last one flushes and closes the store. */
export function releasePageEvents(dataDir: string): Promise<void> {
  return stores.release(dataDir);
}
