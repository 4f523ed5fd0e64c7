/**
 * One AccountStore per data folder per process, shared by the account and sign-in routes (and
 * every app built over the same folder). `getStore` takes a reference, `releaseStore` gives it
 * back (call it from the app's onClose hook); the last release waits until every change is on
 * disk and forgets the instance, so an app built afterwards reads the folder afresh, as a
 * restarted process would.
 */
import path from 'node:path';
import { AccountStore } from './account-store';

interface Entry {
  store: Promise<AccountStore>;
  refs: number;
}

const entries = new Map<string, Entry>();
const closing = new Map<string, Promise<void>>();

/** The store of `dataDir` (created with the folder if missing); takes a reference. */
export function getStore(dataDir: string): Promise<AccountStore> {
  const key = path.resolve(dataDir);
  let entry = entries.get(key);
  if (!entry) {
    const previous = closing.get(key) ?? Promise.resolve();
    const created: Entry = { store: previous.then(() => AccountStore.open(key)), refs: 0 };
    created.store.catch(() => {
      if (entries.get(key) === created) entries.delete(key);
    });
    entries.set(key, created);
    entry = created;
  }
  entry.refs += 1;
  return entry.store;
}

/** Gives back a reference taken by getStore; the last one flushes and closes the store. */
export async function releaseStore(dataDir: string): Promise<void> {
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
}

export * from './account-store';
export { RecordStore } from './records';
