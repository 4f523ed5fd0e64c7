/**
 * One instance per data folder per process, shared by every app built over the same folder.
 * `take` opens it (or returns the open one) and takes a reference; `release` gives it back (call it
 * from the app's onClose hook); the last release waits until the instance has closed (every change
 * on disk) and forgets it, so an app built afterwards reads the folder afresh, as a restarted
 * process would.
 */
import path from 'node:path';

export interface PerFolder<T> {
  take(dataDir: string): Promise<T>;
  release(dataDir: string): Promise<void>;
}

export function perFolder<T extends { close(): Promise<void> }>(open: (dir: string) => Promise<T>): PerFolder<T> {
  const entries = new Map<string, { store: Promise<T>; refs: number }>();
  const closing = new Map<string, Promise<void>>();
  return {
    take(dataDir) {
      const key = path.resolve(dataDir);
      let entry = entries.get(key);
      if (!entry) {
        const created = { store: (closing.get(key) ?? Promise.resolve()).then(() => open(key)), refs: 0 };
        created.store.catch(() => {
          if (entries.get(key) === created) entries.delete(key);
        });
        entries.set(key, created);
        entry = created;
      }
      entry.refs += 1;
      return entry.store;
    },
    async release(dataDir) {
      const key = path.resolve(dataDir);
      const entry = entries.get(key);
      if (!entry) return;
      entry.refs -= 1;
      if (entry.refs > 0) return;
      entries.delete(key);
      const done = entry.store.then(
        (s) => s.close(),
        () => undefined,
      );
      closing.set(key, done);
      try {
        await done;
      } finally {
        if (closing.get(key) === done) closing.delete(key);
      }
    },
  };
}
