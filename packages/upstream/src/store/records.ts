/**
 * Records kept in memory for synchronous reads and persisted one by one in an embedded database
 * (LMDB through lmdb-js), instead of rewriting a whole document per change.
 *
 * - The document is a set of collections: keyed records (`records`: an object of key -> record)
 *   and lists (`lists`: arrays of records with an `id`). Reads use the in-memory document.
 * - A change is a synchronous mutation of the document (`mutate(fn)`) that names what it touched
 *   through the `Changes` it is given (set/del a keyed record, push/drop a list record). Changes
 *   apply in arrival order; checks inside `fn` see every earlier change.
 * - Only the touched records are written: each is encoded at once (a few microseconds) and LMDB
 *   commits them on its own writer thread, every record of one change in one transaction (writes
 *   of the same event turn share a transaction). A change is acknowledged (its promise resolves)
 *   once its transaction is committed and flushed to disk.
 * - A write that fails rejects its change and the in-memory document is reloaded from the
 *   database: what readers see never differs for long from what is stored.
 * - `fn` must validate before it changes anything (see DurableJson's rule, kept here).
 *
 * One process owns a database folder at a time.
 */
import fs from 'node:fs';
import { open, type RootDatabase } from 'lmdb';

export interface Shape<T> {
  records: readonly (keyof T & string)[];
  lists: readonly (keyof T & string)[];
}

export interface Changes {
  /** The keyed record `collection[key]` was created or changed: store its current value. */
  set(collection: string, key: string): void;
  /** The keyed record `collection[key]` was removed from the document. */
  del(collection: string, key: string): void;
  /** Appends a record to a list (in memory and on disk). */
  push<R extends { id: string }>(collection: string, record: R): R;
  /** Removes records from a list (in memory and on disk). */
  drop(collection: string, keep: (record: { id: string }) => boolean): number;
}

type Doc = Record<string, unknown>;
type Key = [string, string];

/** Reads every stored record of a database folder into a new document, in a read-only handle of its own. */
export function readRecords<T extends object>(dir: string, shape: Shape<T>, initial: () => T): T {
  const db = open<unknown, Key>({ path: dir, compression: false, readOnly: true });
  try {
    return loadDoc(db, shape, initial);
  } finally {
    void db.close();
  }
}

function loadDoc<T extends object>(db: RootDatabase<unknown, Key>, shape: Shape<T>, initial: () => T): T {
  const doc = initial() as Doc;
  const lists = new Set<string>(shape.lists);
  for (const { key, value } of db.getRange()) {
    const [collection, id] = key;
    if (lists.has(collection)) (doc[collection] as unknown[]).push(value);
    else if (doc[collection] && typeof doc[collection] === 'object') (doc[collection] as Doc)[id] = value;
  }
  // Lists are stored by id; readers expect them in the order they were made.
  for (const c of shape.lists)
    (doc[c] as { createdAt?: string }[]).sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')));
  return doc as T;
}

export class RecordStore<T extends object> {
  private closed = false;
  private last: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly dir: string,
    private readonly db: RootDatabase<unknown, Key>,
    private readonly shape: Shape<T>,
    private readonly initial: () => T,
    private doc: T,
    private readonly onReset?: (doc: T) => void,
  ) {
    onReset?.(doc);
  }

  /** Opens (creating the folder if missing) and loads every record. */
  static async open<T extends object>(
    dir: string,
    shape: Shape<T>,
    opts: { initial: () => T; onReset?: (doc: T) => void },
  ): Promise<RecordStore<T>> {
    fs.mkdirSync(dir, { recursive: true });
    const db = open<unknown, Key>({ path: dir, compression: false });
    const store = new RecordStore(dir, db, shape, opts.initial, loadDoc(db, shape, opts.initial), opts.onReset);
    return store;
  }

  /** The current document. Read it; change it only inside `mutate`. */
  get data(): T {
    return this.doc;
  }

  /** Whether nothing is stored yet. */
  get empty(): boolean {
    for (const _ of this.db.getKeys({ limit: 1 })) return false;
    return true;
  }

  /**
   * Applies `fn` to the document now and resolves with its result once every record it touched
   * is on disk. If `fn` throws, nothing is written and the error is passed on.
   */
  mutate<R>(fn: (doc: T, changes: Changes) => R): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    const writes: Promise<unknown>[] = [];
    const doc = this.doc as Doc;
    const changes: Changes = {
      set: (collection, key) => {
        writes.push(this.db.put([collection, key], (doc[collection] as Doc)[key]));
      },
      del: (collection, key) => {
        writes.push(this.db.remove([collection, key]));
      },
      push: (collection, record) => {
        (doc[collection] as unknown[]).push(record);
        writes.push(this.db.put([collection, record.id], record));
        return record;
      },
      drop: (collection, keep) => {
        const list = doc[collection] as { id: string }[];
        const kept: { id: string }[] = [];
        for (const r of list) {
          if (keep(r)) kept.push(r);
          else writes.push(this.db.remove([collection, r.id]));
        }
        const dropped = list.length - kept.length;
        if (dropped) doc[collection] = kept;
        return dropped;
      },
    };
    let result: R;
    try {
      result = fn(this.doc, changes);
    } catch (err) {
      return Promise.reject(err);
    }
    const done = Promise.all(writes).then(
      () => result,
      (err) => {
        // Reload what is stored: the change that failed is not there.
        this.doc = loadDoc(this.db, this.shape, this.initial);
        this.onReset?.(this.doc);
        throw err;
      },
    );
    this.last = done.catch(() => undefined);
    return done;
  }

  /** Resolves when every change made so far is on disk (or was rejected). */
  async flushed(): Promise<void> {
    await this.last;
    await this.db.flushed;
  }

  /** Bytes the database file takes on disk. */
  fileBytes(): number {
    try {
      return fs.statSync(`${this.dir}/data.mdb`).size;
    } catch {
      return 0;
    }
  }

  /** Waits for pending writes, then refuses further changes and closes the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flushed();
    this.closed = true;
    await this.db.close();
  }
}
