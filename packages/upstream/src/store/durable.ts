/**
 * A JSON document kept in memory and on disk, durably and atomically.
 *
 * - Every change is a synchronous mutation of the in-memory document (`mutate(fn)`), so changes
 *   apply one after another in arrival order and never overwrite each other (no read-modify-write
 *   race across requests). Checks inside `fn` see every earlier change.
 * - A change is acknowledged (its promise resolves) only once a snapshot containing it is on
 *   disk: the whole document is written to a temporary file in the same folder, fsynced, renamed
 *   over the data file, and the folder is fsynced. A crash at any moment leaves either the old or
 *   the new file, never a torn one.
 * - Writes are serialized: one write at a time; changes that arrive while a write is in flight are
 *   grouped into the next one (group commit), so 20 parallel requests cost a few writes, not 20.
 * - If a write fails, every change not yet on disk is rejected and the in-memory document goes
 *   back to the last snapshot on disk: what readers see never differs for long from what is
 *   stored, and nothing acknowledged is ever lost.
 * - `fn` must validate before it changes anything (throwing after a partial change would leave
 *   the partial change in memory until the next write).
 *
 * One process owns a data file at a time (the account store caches one instance per folder).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

let tmpCounter = 0;

/** Writes `data` to `file` atomically and durably (temp file + fsync + rename + folder fsync). */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${++tmpCounter}.tmp`);
  let renamed = false;
  try {
    const fh = await fs.open(tmp, 'w', 0o600);
    try {
      await fh.writeFile(data, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    await fs.rename(tmp, file);
    renamed = true;
    await syncDir(dir);
  } finally {
    if (!renamed) await fs.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/** fsync a folder so a rename in it survives a power loss (not supported everywhere: ignored then). */
async function syncDir(dir: string): Promise<void> {
  let dh: fs.FileHandle | undefined;
  try {
    dh = await fs.open(dir, 'r');
    await dh.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM' && code !== 'EBADF') throw err;
  } finally {
    await dh?.close();
  }
}

export interface DurableOptions<T> {
  /** The document when the file does not exist yet. */
  initial: () => T;
  /** Checks and upgrades what was read from disk; throws if it is not a document of this kind. */
  revive: (raw: unknown) => T;
  /** Called after the document was replaced (opened, or rolled back after a failed write). */
  onReset?: (doc: T) => void;
}

export class DurableJson<T> {
  private doc: T;
  private committed: string;
  private pending: Waiter[] = [];
  private writing: Promise<void> | null = null;
  private closed = false;

  private constructor(
    readonly file: string,
    doc: T,
    committed: string,
    private readonly opts: DurableOptions<T>,
  ) {
    this.doc = doc;
    this.committed = committed;
    opts.onReset?.(doc);
  }

  /** Opens (creating the folder if missing) and reads the document; a file that is not valid JSON is an error, never overwritten. */
  static async open<T>(file: string, opts: DurableOptions<T>): Promise<DurableJson<T>> {
    const dir = path.dirname(file);
    await fs.mkdir(dir, { recursive: true });
    // Leftovers of writes interrupted by a crash: never renamed, so never acknowledged.
    const prefix = `.${path.basename(file)}.`;
    for (const name of await fs.readdir(dir)) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await fs.rm(path.join(dir, name), { force: true });
    }
    let text: string | null = null;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    let doc: T;
    if (text === null) {
      doc = opts.initial();
    } else {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (err) {
        throw new Error(`${file} is not valid JSON (${(err as Error).message}); refusing to start over it`);
      }
      doc = opts.revive(raw);
    }
    const committed = JSON.stringify(doc);
    if (text === null) await writeFileAtomic(file, committed);
    return new DurableJson(file, doc, committed, opts);
  }

  /** The current document. Read it; change it only inside `mutate`. */
  get data(): T {
    return this.doc;
  }

  /**
   * Applies `fn` to the document now and resolves with its result once the change is on disk.
   * If `fn` throws, nothing is written and the error is passed on.
   */
  mutate<R>(fn: (doc: T) => R): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    let result: R;
    try {
      result = fn(this.doc);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ resolve: () => resolve(result), reject });
      if (!this.writing) this.writing = this.writeLoop();
    });
  }

  /** Resolves when every change made so far is on disk (or was rejected). */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Waits for pending writes, then refuses further changes. */
  async close(): Promise<void> {
    await this.flushed();
    this.closed = true;
  }

  private async writeLoop(): Promise<void> {
    try {
      // Let the changes made in the same tick join the first write.
      await new Promise<void>((r) => setImmediate(r));
      while (this.pending.length) {
        const batch = this.pending;
        this.pending = [];
        const text = JSON.stringify(this.doc);
        try {
          await writeFileAtomic(this.file, text);
        } catch (err) {
          // Roll back to what is on disk and refuse every change that is not there.
          const refused = batch.concat(this.pending);
          this.pending = [];
          this.doc = this.opts.revive(JSON.parse(this.committed));
          this.opts.onReset?.(this.doc);
          for (const w of refused) w.reject(err);
          continue;
        }
        this.committed = text;
        for (const w of batch) w.resolve();
      }
    } finally {
      this.writing = null;
    }
  }
}
