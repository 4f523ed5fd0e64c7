/**
 * The page events the gateway's collector forwards (page-furniture §7: clicks and impressions),
 * stored batch by batch in an embedded database (`<dataDir>/page-events/`, LMDB: see records.ts),
 * apart from the account data: a batch is acknowledged once it is on disk.
 *
 * Bounded growth: batches older than RETENTION_MS go (`prune`, at open and every hour), at most
 * BATCHES_MAX are kept, and at most BYTES_MAX of them as stored (their JSON): a batch that takes
 * the store past it drops the oldest, down to nine tenths of it, so the store cannot be filled by
 * a client however many batches it sends (each at most 16 KiB: the collector refuses larger).
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
/** The most bytes of batches kept (their JSON as stored; the newest). */
export const BYTES_MAX = 32 * 1024 * 1024;
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
  /** Each kept batch's size as stored, and their sum. */
  private readonly sizes = new WeakMap<PageEventBatch, number>();
  private bytes = 0;

  private constructor(
    private readonly db: RecordStore<PageEventData>,
    private readonly bytesMax: number,
  ) {
    for (const b of db.data.batches) this.bytes += this.sizeOf(b);
  }

  private sizeOf(batch: PageEventBatch): number {
    let size = this.sizes.get(batch);
    if (size === undefined) this.sizes.set(batch, (size = Buffer.byteLength(JSON.stringify(batch))));
    return size;
  }

  /** The bytes of the batches kept (their JSON as stored). */
  storedBytes(): number {
    return this.bytes;
  }

  static async open(dataDir: string, bytesMax = BYTES_MAX): Promise<PageEventStore> {
    const db = await RecordStore.open<PageEventData>(path.join(dataDir, PAGE_EVENTS_DIR), SHAPE, { initial: emptyData });
    const store = new PageEventStore(db, bytesMax);
    await store.prune();
    store.pruneTimer = setInterval(() => void store.prune().catch(() => undefined), PRUNE_EVERY_MS);
    store.pruneTimer.unref();
    return store;
  }

  async add(events: PageEvent[], now = new Date()): Promise<PageEventBatch> {
    const batch: PageEventBatch = { id: randomId('pe-', 12), createdAt: now.toISOString(), events };
    const added = await this.db.mutate((_d, w) => w.push('batches', batch));
    this.bytes += this.sizeOf(added);
    if (this.bytes > this.bytesMax) await this.prune(now.getTime());
    return added;
  }

  /** The stored batches, oldest first. */
  batches(): readonly PageEventBatch[] {
    return this.db.data.batches;
  }

  /**
   * Drops old batches, keeps at most BATCHES_MAX, and past the byte cap drops the oldest down to
   * nine tenths of it; resolves with how many went.
   */
  async prune(now = Date.now()): Promise<number> {
    const n = await this.db.mutate((d, w) => {
      let dropped = w.drop('batches', (r) => now - Date.parse((r as PageEventBatch).createdAt) < RETENTION_MS);
      let from = Math.max(0, d.batches.length - BATCHES_MAX);
      let total = d.batches.reduce((sum, b) => sum + this.sizeOf(b), 0);
      for (let i = 0; i < from; i++) total -= this.sizeOf(d.batches[i]);
      if (total > this.bytesMax) while (from < d.batches.length && total > this.bytesMax * 0.9) total -= this.sizeOf(d.batches[from++]);
      if (from > 0) {
        const keep = new Set<unknown>(d.batches.slice(from));
        dropped += w.drop('batches', (r) => keep.has(r));
      }
      return dropped;
    });
    this.bytes = this.db.data.batches.reduce((sum, b) => sum + this.sizeOf(b), 0);
    return n;
  }

  async close(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.db.close();
  }
}

const stores = perFolder((dir) => PageEventStore.open(dir));

/** A store of its own (tests: a smaller byte cap), outside the per-folder sharing. */
export function openPageEventStore(dataDir: string, bytesMax?: number): Promise<PageEventStore> {
  return PageEventStore.open(dataDir, bytesMax);
}

/** The page event store of `dataDir` (created with the folder if missing); takes a reference. */
export function openPageEvents(dataDir: string): Promise<PageEventStore> {
  return stores.take(dataDir);
}

/** Gives back a reference taken by openPageEvents; the last one flushes and closes the store. */
export function releasePageEvents(dataDir: string): Promise<void> {
  return stores.release(dataDir);
}
