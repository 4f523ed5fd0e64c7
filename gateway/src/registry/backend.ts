/**
 * Where the registry (live and canary versions) and the deploy history are kept. Two backends
 * with one contract:
 * - FileBackend (this file): `<dataDir>/registry.json` and `<dataDir>/history.jsonl`, one machine
 *   (what `npm start` uses; nothing but Node needed).
 * - RedisBackend (redis.ts): one Redis that any number of gateways share (REDIS_URL).
 *
 * Every page reads the registry, so `read()` is synchronous and costs nothing: each backend keeps
 * the registry in memory and refreshes it when it changes. Changes are asynchronous and atomic: a
 * change is a function of the registry as it is now (read fresh, not the in-memory copy), and it
 * lands together with its history line or not at all.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { watchFile } from '@cfs/tools/restart';

/** A candidate version served to a share of shoppers beside the live one (canary.ts chooses who). */
export interface CanaryEntry {
  version: string;
  /** The share of shoppers, 0 < percent <= 100. */
  percent: number;
  /** ISO time it began. */
  startedAt: string;
}

export type StoredEntry = { version: string; publishedAt?: string; canary?: CanaryEntry };

export interface StoredRegistry {
  remotes: Record<string, StoredEntry>;
}

/** One line of the deploy history. */
export interface DeployRecord {
  /** canary: a candidate served to a share; promote: the canary made live; abort: the canary ended. */
  action: 'publish' | 'switch' | 'canary' | 'promote' | 'abort';
  name: string;
  version: string;
  /** ISO time. */
  at: string;
  /** The live version when it happened (null: none). */
  previous: string | null;
  forced: boolean;
  /** What the gates said when a forced publish overrode them. */
  overrode?: string[];
  /** A canary's share of shoppers. */
  percent?: number;
  /** Who made the change (an operator, or 'gateway' for an automatic one) and why. */
  by?: string;
  why?: string;
}

/** What a change makes of one deployable's entry, and the history line that says so. */
export interface EntryChange {
  entry: StoredEntry;
  record: Omit<DeployRecord, 'at' | 'name'>;
}

/** How the registry's store is doing, for /healthz. */
export interface RegistryHealth {
  store: 'file' | 'redis';
  /** False when the shared store cannot be reached: the gateway serves the registry it read last. */
  connected: boolean;
  /** ISO time of the last registry read from the store. */
  readAt?: string;
  /** Since when the store has been unreachable, and why. */
  lostSince?: string;
  error?: string;
}

export interface RegistryBackend {
  /** The registry as last read (synchronous: every page reads it). */
  read(): StoredRegistry;
  /**
   * Changes one deployable's entry atomically: `change` sees the registry as it is in the store
   * now (it may throw to refuse; it may run again if another writer got there first).
   */
  change(name: string, change: (current: StoredRegistry) => EntryChange): Promise<void>;
  /** Appends a history line that changes no entry (a publish). */
  record(entry: Omit<DeployRecord, 'at'>): Promise<void>;
  /** The whole history, oldest first. */
  history(): Promise<DeployRecord[]>;
  health(): RegistryHealth;
  /** Calls `listener` after the registry changes (whoever changed it); returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

/** The registry file of a data directory. */
export function registryFile(dataDir: string): string {
  return path.join(dataDir, 'registry.json');
}

export function historyFile(dataDir: string): string {
  return path.join(dataDir, 'history.jsonl');
}

/** A history line as stored: one JSON object. */
export function historyLine(entry: Omit<DeployRecord, 'at'>): string {
  return JSON.stringify({ ...entry, at: new Date().toISOString() });
}

/** The registry in a data directory: read per request, cached by the file's identity. */
export class FileBackend implements RegistryBackend {
  private cache: { key: string; value: StoredRegistry } | null = null;
  private readAt: string | undefined;

  constructor(readonly dataDir: string) {}

  read(): StoredRegistry {
    const file = registryFile(this.dataDir);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return { remotes: {} };
    }
    // A change renames a new file into place, so the inode changes even within one clock tick.
    const key = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    if (this.cache && this.cache.key === key) return this.cache.value;
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredRegistry;
    this.cache = { key, value };
    this.readAt = new Date().toISOString();
    return value;
  }

  async change(name: string, change: (current: StoredRegistry) => EntryChange): Promise<void> {
    const current = this.read();
    const { entry, record } = change(current);
    const next: StoredRegistry = { remotes: { ...current.remotes, [name]: entry } };
    fs.mkdirSync(this.dataDir, { recursive: true });
    const file = registryFile(this.dataDir);
    const tmp = `${file}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    const fd = fs.openSync(tmp, 'w');
    fs.writeSync(fd, JSON.stringify(next, null, 2));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
    this.cache = null;
    await this.record({ ...record, name });
  }

  async record(entry: Omit<DeployRecord, 'at'>): Promise<void> {
    fs.mkdirSync(this.dataDir, { recursive: true });
    fs.appendFileSync(historyFile(this.dataDir), `${historyLine(entry)}\n`);
  }

  async history(): Promise<DeployRecord[]> {
    let text: string;
    try {
      text = fs.readFileSync(historyFile(this.dataDir), 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as DeployRecord);
  }

  health(): RegistryHealth {
    return { store: 'file', connected: true, ...(this.readAt ? { readAt: this.readAt } : {}) };
  }

  onChange(listener: () => void): () => void {
    return watchFile(registryFile(this.dataDir), listener);
  }

  async close(): Promise<void> {}
}
