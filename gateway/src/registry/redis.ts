/**
 * The registry shared by any number of gateways through one Redis (REDIS_URL), with the contract
 * of backend.ts. What lives where:
 *
 *   <prefix>:registry           the registry (live and canary versions), one JSON string
 *   <prefix>:registry:history   the deploy history, a list of JSON lines, oldest first
 *   <prefix>:registry:changed   a pub/sub channel: every change publishes the new registry
 *
 * Published files are not in Redis: they live in the data directory's `remotes/` folder, which
 * every gateway must read (a shared disk: NFS or a volume mounted by every machine; object
 * storage would be another backend of publish and the static route, not built).
 *
 * - Reads are the in-memory copy: every gateway applies each change it is told of on the channel
 *   (within milliseconds), reads the key again whenever its connection comes back (changes made
 *   while it was away), and every REFRESH_MS as a safety net.
 * - A change is optimistic and atomic: WATCH the key, read it, compute, then MULTI (set the key,
 *   append the history line, publish) EXEC; when another writer got there first, EXEC answers
 *   nothing and the change is computed again from what that writer left.
 * - Redis gone: the gateway serves the registry it read last (also kept in a file beside the data,
 *   so a gateway that starts while Redis is away serves it too), says so on /healthz, and keeps
 *   reconnecting. A change fails at once with RegistryUnreachable: nothing half-written. A Redis
 *   that comes back empty gets the registry back from the first gateway that reconnects (the
 *   history is Redis's own: run Redis with persistence to keep it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import {
  historyLine,
  type DeployRecord,
  type EntryChange,
  type RegistryBackend,
  type RegistryHealth,
  type StoredRegistry,
} from './backend';

/** The safety-net re-read of the registry key (pub/sub carries every change sooner). */
const REFRESH_MS = 5000;
/** How many times a change is computed again when other writers keep getting there first. */
const MAX_ATTEMPTS = 20;

export interface RedisBackendOptions {
  url: string;
  /** The prefix of every key (several platforms, or test runs, can share one Redis). */
  prefix: string;
  /** Where the last registry read is kept for a start while Redis is away (none: not kept). */
  copyFile?: string;
  /** A deploy command: fail at once when Redis cannot be reached, never wait for it. */
  failFast?: boolean;
  log?: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
  /** How long the first connection may take before the gateway starts from the kept copy. */
  connectTimeoutMs?: number;
}

/** A change that could not be made because the registry's Redis cannot be reached. */
export class RegistryUnreachable extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `the shared registry (Redis at ${redactedUrl(url)}) cannot be reached: ${(cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '')}; nothing was changed`,
    );
    this.name = 'RegistryUnreachable';
  }
}

/** A Redis URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an invalid URL)';
  }
}

export function redisKeys(prefix: string) {
  return { registry: `${prefix}:registry`, history: `${prefix}:registry:history`, channel: `${prefix}:registry:changed` };
}

/** A Redis connection as the gateway uses one: commands fail at once while it is away, reconnecting in the background. */
export function redisClient(url: string, opts: { failFast?: boolean; connectTimeoutMs?: number } = {}): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: opts.connectTimeoutMs ?? 2000,
    // A connection closed on a Redis that has gone is destroyed soon (the default waits 2 s).
    disconnectTimeout: 200,
    // A deploy command does not wait for Redis; a gateway keeps trying, at most a second apart.
    retryStrategy: opts.failFast ? () => null : (times) => Math.min(100 * times, 1000),
  });
}

function parse(raw: string | null): StoredRegistry {
  if (!raw) return { remotes: {} };
  const value = JSON.parse(raw) as StoredRegistry;
  return value && typeof value === 'object' && value.remotes && typeof value.remotes === 'object' ? value : { remotes: {} };
}

export class RedisBackend implements RegistryBackend {
  private current: StoredRegistry = { remotes: {} };
  private currentText = '';
  private readAt: string | undefined;
  private lost: { since: string; error: string } | null = null;
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private readonly keys: ReturnType<typeof redisKeys>;
  private closed = false;

  private constructor(
    private readonly opts: RedisBackendOptions,
    private readonly cmd: Redis,
    private readonly sub: Redis | null,
  ) {
    this.keys = redisKeys(opts.prefix);
  }

  /**
   * Connects and reads the registry. A gateway (not failFast) that cannot reach Redis within the
   * connect timeout starts from the kept copy and keeps trying; a deploy command throws.
   */
  static async open(opts: RedisBackendOptions): Promise<RedisBackend> {
    const cmd = redisClient(opts.url, opts);
    // Errors are reported through the state below (/healthz) and the log, not as unhandled events.
    cmd.on('error', () => undefined);
    const sub = opts.failFast ? null : redisClient(opts.url, opts);
    sub?.on('error', () => undefined);
    const backend = new RedisBackend(opts, cmd, sub);
    try {
      await cmd.connect();
      await backend.refresh();
    } catch (err) {
      if (opts.failFast) {
        cmd.disconnect();
        throw new RegistryUnreachable(opts.url, err);
      }
      backend.markLost(err);
      backend.loadCopy();
    }
    if (sub) backend.listen(sub);
    cmd.on('ready', () => void backend.refresh().catch((err: unknown) => backend.markLost(err)));
    cmd.on('close', () => backend.markLost(new Error('connection closed')));
    if (!opts.failFast) {
      backend.timer = setInterval(() => void backend.refresh().catch((err: unknown) => backend.markLost(err)), REFRESH_MS);
      backend.timer.unref();
    }
    return backend;
  }

  private listen(sub: Redis) {
    sub.on('message', (channel: string, message: string) => {
      if (channel !== this.keys.channel) return;
      try {
        this.apply(message);
      } catch (err) {
        this.opts.log?.warn({ err }, 'the registry channel carried something that is not a registry: reading the key instead');
        void this.refresh().catch((e: unknown) => this.markLost(e));
      }
    });
    // Subscribed again after every reconnection (ioredis), then the key is read for what was missed.
    sub.on('ready', () => void this.refresh().catch((err: unknown) => this.markLost(err)));
    sub.connect().then(
      () => sub.subscribe(this.keys.channel),
      (err: unknown) => this.markLost(err),
    );
  }

  /**
   * Reads the key and applies it. A key that is gone while this gateway holds a registry (Redis
   * restarted empty, with nothing saved) is written back from what it holds, if no other gateway
   * did first: an empty registry would take every region off the page.
   */
  private async refresh(): Promise<void> {
    if (this.closed) return;
    let raw = await this.cmd.get(this.keys.registry);
    if (raw === null && Object.keys(this.current.remotes).length) {
      const restored = await this.cmd.set(this.keys.registry, this.currentText, 'NX');
      if (restored) this.opts.log?.warn({}, 'the shared registry was empty: wrote back the registry this gateway read last');
      raw = restored ? this.currentText : await this.cmd.get(this.keys.registry);
    }
    this.apply(raw ?? '');
  }

  /** Takes a registry as read from Redis (a JSON string) as the current one. */
  private apply(raw: string) {
    const value = parse(raw || null);
    this.readAt = new Date().toISOString();
    if (this.lost && this.cmd.status === 'ready') {
      this.opts.log?.info({ lostSince: this.lost.since }, 'the shared registry is reachable again');
      this.lost = null;
    }
    const text = JSON.stringify(value);
    if (text === this.currentText) return;
    this.current = value;
    this.currentText = text;
    this.keepCopy(text);
    for (const listener of this.listeners) listener();
  }

  private markLost(err: unknown) {
    if (this.closed || this.lost) return;
    this.lost = { since: new Date().toISOString(), error: err instanceof Error ? err.message : String(err) };
    this.opts.log?.warn(
      { url: redactedUrl(this.opts.url), error: this.lost.error },
      'the shared registry cannot be reached: serving the registry read last',
    );
  }

  private keepCopy(text: string) {
    const file = this.opts.copyFile;
    if (!file) return;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp-${process.pid}`;
      fs.writeFileSync(tmp, text);
      fs.renameSync(tmp, file);
    } catch (err) {
      this.opts.log?.warn({ err }, 'could not keep a copy of the shared registry');
    }
  }

  private loadCopy() {
    if (!this.opts.copyFile) return;
    try {
      this.apply(fs.readFileSync(this.opts.copyFile, 'utf8'));
      this.readAt = undefined;
    } catch {
      // No copy: nothing is live until Redis answers.
    }
  }

  read(): StoredRegistry {
    return this.current;
  }

  change(name: string, change: (current: StoredRegistry) => EntryChange): Promise<void> {
    // One change at a time per process: WATCH belongs to the connection.
    const run = this.queue.then(() => this.attempt(name, change));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async attempt(name: string, change: (current: StoredRegistry) => EntryChange): Promise<void> {
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      let current: StoredRegistry;
      try {
        await this.cmd.watch(this.keys.registry);
        current = parse(await this.cmd.get(this.keys.registry));
      } catch (err) {
        throw new RegistryUnreachable(this.opts.url, err);
      }
      let made: EntryChange;
      try {
        made = change(current);
      } catch (err) {
        await this.cmd.unwatch().catch(() => undefined);
        throw err;
      }
      const next: StoredRegistry = { remotes: { ...current.remotes, [name]: made.entry } };
      const text = JSON.stringify(next);
      let done: unknown;
      try {
        done = await this.cmd
          .multi()
          .set(this.keys.registry, text)
          .rpush(this.keys.history, historyLine({ ...made.record, name }))
          .publish(this.keys.channel, text)
          .exec();
      } catch (err) {
        throw new RegistryUnreachable(this.opts.url, err);
      }
      if (done) {
        this.apply(text);
        return;
      }
    }
    throw new Error(`${name}: the registry kept changing under this change (${MAX_ATTEMPTS} attempts); nothing was changed, try again`);
  }

  async record(entry: Omit<DeployRecord, 'at'>): Promise<void> {
    try {
      await this.cmd.rpush(this.keys.history, historyLine(entry));
    } catch (err) {
      throw new RegistryUnreachable(this.opts.url, err);
    }
  }

  async history(): Promise<DeployRecord[]> {
    let lines: string[];
    try {
      lines = await this.cmd.lrange(this.keys.history, 0, -1);
    } catch (err) {
      throw new RegistryUnreachable(this.opts.url, err);
    }
    return lines.map((line) => JSON.parse(line) as DeployRecord);
  }

  health(): RegistryHealth {
    return {
      store: 'redis',
      connected: !this.lost && this.cmd.status === 'ready',
      ...(this.readAt ? { readAt: this.readAt } : {}),
      ...(this.lost ? { lostSince: this.lost.since, error: this.lost.error } : {}),
    };
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.listeners.clear();
    await Promise.all(
      [this.cmd, this.sub].map((c) =>
        c && c.status === 'ready'
          ? c.quit().then(
              () => undefined,
              () => c.disconnect(),
            )
          : c?.disconnect(),
      ),
    );
  }
}
