/**
 * One AccountStore per data folder per process, shared by the account and sign-in routes (and
 * every app built over the same folder). `getStore` takes a reference, `releaseStore` gives it
 * back (call it from the app's onClose hook); the last release waits until every change is on
 * disk and forgets the instance, so an app built afterwards reads the folder afresh, as a
 * restarted process would.
 */
import { AccountStore } from './account-store';
import { perFolder } from './per-folder';

const accounts = perFolder((dir) => AccountStore.open(dir));

/** The store of `dataDir` (created with the folder if missing); takes a reference. */
export function getStore(dataDir: string): Promise<AccountStore> {
  return accounts.take(dataDir);
}

/** Gives back a reference taken by getStore; the last one flushes and closes the store. */
export function releaseStore(dataDir: string): Promise<void> {
  return accounts.release(dataDir);
}

export * from './account-store';
export { RecordStore } from './records';
