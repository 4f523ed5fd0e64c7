/**
 * Server rendering, isolated: every published version's server container (a remote's region, the
 * shell's frame) runs in its own pool of worker threads (piscina), never in the gateway's request
 * handling. The gateway hands an isolate a task and answers the calls the render makes; it keeps
 * the deadline itself, from outside the render:
 *
 * - the budget counts the region's own time: from the moment the isolate starts on the task (time
 *   queued behind other pages is not the region's), less the time it waits for the gateway's
 *   answers, each until the isolate takes it up (its thread may be busy with another page's
 *   region when it arrives); the deadline counts all of it. When either is spent the region is left to the browser
 *   for this request and the isolate is told to abort its calls;
 * - an isolate that does not even acknowledge that within `stuckAfterMs` of its own time (less
 *   its thread's waits for a core) is stuck in synchronous code (an endless loop, a render far
 *   past its budget): the pool terminates it and starts a fresh one; so is a thread whose
 *   heartbeat stops for `silentMs` (an endless loop as its container loads, before any task
 *   could start);
 * - an isolate that dies (a throw from a timer or an unawaited promise, its heap limit met) fails
 *   the tasks it held, and the pool replaces it;
 * - each version has an opossum breaker: a version that keeps failing is not tried for a while
 *   (its regions are rendered in the browser at once, cause 'open'), so a build that crashes as
 *   it loads (its pool goes with each crash) cannot keep a core busy restarting; one that had to
 *   be stopped for spinning or for its heap opens it at once. The threads of a version that only
 *   ran late are kept, so that its trial after the reset runs warm.
 *
 * Versions no longer live are released with their threads (`retain`): a version's code and
 * everything it allocated go with its isolate, so the gateway's heap does not grow with deploys.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import CircuitBreaker from 'opossum';
import { Piscina } from 'piscina';
import {
  ISOLATE_BEAT,
  ISOLATE_BEAT_MS,
  asIsolateBeat,
  SERVER_EXPOSES,
  type FallbackCause,
  type FrameTask,
  type FromIsolate,
  type IsolateAnswer,
  type IsolateReply,
  type IsolateTask,
  type RegionTask,
  type ToIsolate,
  type StateJson,
  type VehiclePageInput,
  type VehicleTask,
} from '@cfs/contracts';
import type { GatewayConfig } from '../config';
import type { IsolateData } from './isolate-worker';
import { batched } from './batches';
import { RunQueueClock } from './run-queue';

export interface IsolateOptions {
  /** A region's budget: its own time from when its isolate starts on it, not counting its waits for the gateway's answers. */
  budgetMs: number;
  /** A region's deadline, everything counted from when its isolate starts on it. */
  deadlineMs: number;
  /** The frame's budget (the whole page's markup). */
  frameBudgetMs: number;
  /** How long a task may wait for its isolate to start on it. */
  queueMs: number;
  /** After the budget: how long an isolate may take to acknowledge the abort (less its waits for a core) before it is terminated. */
  stuckAfterMs: number;
  /** A thread whose heartbeat stops this long, less its waits for a core, is terminated. */
  silentMs: number;
  /** Heap limit of one isolate (old generation), in MB. */
  heapMb: number;
  /** Threads per version. */
  threads: number;
  /** Breaker of a version: failures in its window before it opens, and how long it stays open. */
  breakerVolume: number;
  breakerResetMs: number;
  /** The compiled isolate (tests may name another). */
  workerFile?: string;
  /** Reads how long a thread has waited for a core (run-queue.ts; tests may give another). */
  runQueue?: Pick<RunQueueClock, 'waitedMs' | 'close'>;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** An isolate died or was terminated, by cause ('crash', 'memory', 'stuck'). */
  onIsolateExit?(name: string, version: string, cause: string): void;
}

export const ISOLATE_DEFAULTS: Omit<IsolateOptions, 'budgetMs' | 'deadlineMs'> = {
  frameBudgetMs: 1000,
  queueMs: 1000,
  stuckAfterMs: 250,
  silentMs: 1000,
  heapMb: 256,
  threads: 1,
  breakerVolume: 5,
  breakerResetMs: 5000,
};

/** The isolates' settings of a gateway with this configuration (live pages and the smoke render alike). */
export function isolateOptions(config: GatewayConfig): IsolateOptions {
  return { ...ISOLATE_DEFAULTS, ...config.ssr, budgetMs: config.ssrBudgetMs, deadlineMs: config.ssrDeadlineMs };
}

/** What a deployable's server container exposes to the gateway: the shell its frame, a remote its region. */
const exposeOf = (name: string) => (name === 'shell' ? SERVER_EXPOSES.frame : SERVER_EXPOSES.region);

/**
 * What a task came to. `load`: a timeout whose time went on waiting (for the gateway's answers or
 * for a core), while the region's own work stayed within its budget: the gateway's load, not the
 * version's fault, so it does not count against the version's breaker.
 */
export type IsolateOutcome =
  { ok: true; reply: Extract<IsolateReply, { ok: true }> } | { ok: false; cause: FallbackCause; error?: string; load?: true };

/** A GET through the gateway's routes for an isolate's render: the answer's body, as sent. */
export type GatewayGet = (url: string) => Promise<string>;

type Task = Omit<RegionTask, 'port' | 'budgetMs'> | Omit<FrameTask, 'port' | 'budgetMs'> | Omit<VehicleTask, 'port' | 'budgetMs'>;

/** A task's time: its own (budget, waits for the gateway not counted) and in all (deadline), both from its start. */
export interface Limits {
  budgetMs: number;
  deadlineMs: number;
}

/** Failures that say something about the version (not about the load on the gateway). */
const COUNTS_AGAINST_VERSION = new Set<FallbackCause>(['error', 'timeout', 'crash', 'memory', 'missing']);

class Failed extends Error {
  constructor(readonly outcome: Extract<IsolateOutcome, { ok: false }>) {
    super(outcome.error ?? outcome.cause);
  }
}

/** One version of one deployable: its threads and its breaker. */
class VersionIsolate {
  private pool: Piscina | null = null;
  private closing = false;
  readonly breaker: CircuitBreaker<[Task, GatewayGet, Limits], IsolateOutcome>;

  constructor(
    readonly data: IsolateData,
    private readonly workerFile: () => string,
    private readonly opts: IsolateOptions,
  ) {
    this.runQueue = opts.runQueue ?? new RunQueueClock();
    this.breaker = new CircuitBreaker(
      async (task: Task, get: GatewayGet, limits: Limits) => {
        const outcome = await this.exec(task, get, limits);
        if (!outcome.ok && COUNTS_AGAINST_VERSION.has(outcome.cause) && !outcome.load) throw new Failed(outcome);
        return outcome;
      },
      {
        timeout: false,
        volumeThreshold: opts.breakerVolume,
        errorThresholdPercentage: 50,
        resetTimeout: opts.breakerResetMs,
        rollingCountTimeout: 10_000,
      },
    );
    // Open: no render is tried until the reset. Its threads are kept: a thread that crashed, spun
    // or filled its heap took its pool with it already (exited), so nothing restarts meanwhile,
    // and the trial after the reset runs on a warm thread: a fresh one, loading its container and
    // compiling its code under load, would miss its budget and open the breaker again, for ever.
    this.breaker.on('open', () => {
      opts.log?.warn(
        { remote: data.name, version: data.version },
        'server render of this version is failing: its regions are rendered in the browser for a while',
      );
    });
  }

  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  async run(task: Task, get: GatewayGet, limits: Limits): Promise<IsolateOutcome> {
    try {
      return await this.breaker.fire(task, get, limits);
    } catch (err) {
      if (err instanceof Failed) return err.outcome;
      if ((err as { code?: string }).code === 'EOPENBREAKER') return { ok: false, cause: 'open' };
      return { ok: false, cause: 'error', error: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Starts its threads (the container loads as they start). */
  start(): Piscina {
    if (this.pool) return this.pool;
    const pool = new Piscina({
      filename: this.workerFile(),
      workerData: this.data,
      minThreads: this.opts.threads,
      maxThreads: this.opts.threads,
      // A render mostly waits for the gateway's answers: one thread serves many at once.
      concurrentTasksPerWorker: 64,
      // Tasks are asynchronous (their calls, their timers): the thread must keep its event loop.
      atomics: 'disabled',
      idleTimeout: 2 ** 31 - 1,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.heapMb },
    });
    // A thread that dies between tasks (a timer's throw) is reported here, not to a task.
    pool.on('error', (err: Error) => this.exited(pool, err));
    // The watchdog: every thread beats; one that falls silent is stuck in synchronous code. A
    // silence spent waiting for a core is not: on a loaded machine a thread can be ready to run
    // and wait its turn for longer than silentMs, and stopping it would cost a thread start, every
    // render it held, and its version's breaker opening, when the load is already too much.
    const beats = new Map<number, { at: number; tid?: number; waited: number | null }>();
    const waitedOf = (tid: number | undefined) => (tid === undefined ? null : this.runQueue.waitedMs(tid));
    pool.on('message', (m: unknown) => {
      const beat = asIsolateBeat(m);
      if (beat === undefined) return;
      beats.set(beat[ISOLATE_BEAT], { at: Date.now(), tid: beat.tid, waited: waitedOf(beat.tid) });
    });
    const tickMs = Math.max(ISOLATE_BEAT_MS, Math.min(250, this.opts.silentMs / 4));
    let lastTick = Date.now();
    const watchdog = setInterval(() => {
      const now = Date.now();
      // The gateway's own thread was busy (a long synchronous task, a pause): the beats that came
      // meanwhile are still queued behind this tick, so silence cannot be judged now. Every
      // thread counts as heard from, and is judged from here.
      const late = now - lastTick > 2 * tickMs + 50;
      lastTick = now;
      const alive = new Set<number>();
      for (const worker of pool.threads) {
        alive.add(worker.threadId);
        const last = beats.get(worker.threadId);
        // Not heard from yet: the thread is still starting (Node's and the isolate's own code; it
        // beats before it loads its container, so no remote code has run on it), and its waits
        // for a core cannot be read before its first beat names its thread. Its silence counts
        // from that beat: on a machine starting every isolate at once, a start can take longer
        // than silentMs, and stopping it would open its version's breaker.
        if (last === undefined) continue;
        if (late) {
          beats.set(worker.threadId, { at: now, tid: last.tid, waited: waitedOf(last.tid) });
          continue;
        }
        const silent = now - last.at;
        if (silent < this.opts.silentMs) continue;
        // Less the thread's waits for a core since its beat, where both readings can be had.
        const waitedThen = last.waited;
        const waitedNow = waitedThen === null ? null : waitedOf(last.tid);
        const ownSilence = waitedThen === null || waitedNow === null ? silent : silent - (waitedNow - waitedThen);
        if (ownSilence >= this.opts.silentMs) {
          beats.delete(worker.threadId);
          const waiting = ownSilence < silent ? `, ${Math.round(silent - ownSilence)} ms of it waiting for a core` : '';
          this.exited(pool, new Error(`no heartbeat for ${silent} ms${waiting}`), 'stuck');
        }
      }
      for (const id of beats.keys()) if (!alive.has(id)) beats.delete(id);
    }, tickMs);
    watchdog.unref();
    this.stopWatchdog = () => clearInterval(watchdog);
    this.pool = pool;
    return pool;
  }

  private stopWatchdog = () => undefined as void;

  /**
   * A thread died or was stopped: the whole pool goes, and the next task starts a fresh one. So a
   * version whose threads die as they start (a throw from a timer as its container loads) costs a
   * thread start per page at most, until its breaker opens, never a restart loop of its own.
   */
  private exited(pool: Piscina, err: Error & { code?: string }, cause?: string) {
    if (this.closing || this.pool !== pool) return;
    const c = cause ?? (err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash');
    this.opts.log?.error(
      { remote: this.data.name, version: this.data.version, cause: c, err: err.message },
      'a server render isolate was replaced',
    );
    this.opts.onIsolateExit?.(this.data.name, this.data.version, c);
    void this.stopPool();
    // A thread that spun or filled its heap took a core from every other region while it did:
    // its version is not tried again until the breaker's reset (one trial then).
    if ((c === 'stuck' || c === 'memory') && !this.breaker.opened) this.breaker.open();
  }

  private readonly runQueue: NonNullable<IsolateOptions['runQueue']>;

  private exec(task: Task, get: GatewayGet, limits: Limits): Promise<IsolateOutcome> {
    const pool = this.start();
    const runQueue = this.runQueue;
    const { port1, port2 } = new MessageChannel();
    // Set when this task's thread is stopped from outside (its whole pool goes, isolates.ts exited).
    // Not handed to piscina as the task's signal: piscina runs an abortable task alone on its
    // thread, one at a time, so every page's region would wait for the previous page's answers.
    let terminated = false;
    const timers = new Set<NodeJS.Timeout>();
    // A timer that fires decides only after the messages already waiting for this thread are read
    // (timers run before them in an event-loop turn): on a busy gateway, an isolate's answer can be
    // there, unread, when its budget runs out.
    const after = (ms: number, f: () => void) => {
      const t = setTimeout(() => {
        timers.delete(t);
        setImmediate(() => {
          if (!port1Closed) f();
        });
      }, ms);
      timers.add(t);
      return t;
    };
    let port1Closed = false;
    return new Promise<IsolateOutcome>((resolve) => {
      let settled = false;
      let started = false;
      let stuck: NodeJS.Timeout | undefined;
      /** `ownWork`: the budget ran out (not a timeout of the gateway's load whatever the clocks say). */
      const finish = (o: IsolateOutcome, ownWork = false) => {
        if (settled) return;
        settled = true;
        const load = !o.ok && o.cause === 'timeout' && !ownWork && started && ownMs() < limits.budgetMs;
        resolve(load ? { ...o, load: true } : o);
      };
      const post = (m: ToIsolate) => {
        try {
          port1.postMessage(m);
        } catch {
          // The task is over.
        }
      };
      const queued = after(this.opts.queueMs, () => {
        if (!started) finish({ ok: false, cause: 'queued', error: `${this.data.name} did not start within ${this.opts.queueMs} ms` });
      });
      // The budget counts the region's own time: from when its isolate starts on it, less the
      // time it waits for the gateway's answers (queued behind other pages' work, not its own),
      // less the time its thread waited for a core (the machine's load: run-queue.ts; read when
      // the budget runs out, which then runs on by what it finds). The deadline counts everything
      // from the start, so neither a slow answer nor a starved thread can hold the page.
      let startedAt = 0;
      let waiting = 0;
      let waitingSince = 0;
      let waited = 0;
      let tid: number | undefined;
      let coreWaitAtStart = 0;
      let coreWaited = 0;
      let budgetTimer: NodeJS.Timeout | undefined;
      /** Brings coreWaited up to the thread's run-queue delay since it started; true when it grew. */
      function catchUpCoreWait(): boolean {
        const now = tid === undefined ? null : runQueue.waitedMs(tid);
        if (now === null || now - coreWaitAtStart <= coreWaited + 1) return false;
        coreWaited = now - coreWaitAtStart;
        return true;
      }
      /** The region's own time so far: since it started, less its waits for answers and for a core. */
      function ownMs(): number {
        catchUpCoreWait();
        const now = performance.now();
        return now - startedAt - waited - (waiting > 0 ? now - waitingSince : 0) - coreWaited;
      }
      const spent = (why: string, ownWork: boolean) => {
        finish({ ok: false, cause: 'timeout', error: `${this.data.name} ${why}` }, ownWork);
        post({ t: 'abort' });
        // A thread that cannot even read the abort within stuckAfterMs of its own time is stuck in
        // synchronous code. The time it waits for a core meanwhile is the machine's load, not its
        // own, as for the budget and the watchdog: under load a thread can wait its turn for longer
        // than stuckAfterMs, and stopping it would cost every render it held and open its
        // version's breaker when the load is already too much.
        // Its waits are read as the budget reads them (catchUpCoreWait), from the abort on.
        const abortedAt = performance.now();
        catchUpCoreWait();
        const coreWaitedAtAbort = coreWaited;
        const armStuck = (ms: number) => {
          stuck = after(ms, () => {
            catchUpCoreWait();
            const waited = coreWaited - coreWaitedAtAbort;
            const own = performance.now() - abortedAt - waited;
            if (own < this.opts.stuckAfterMs) return armStuck(this.opts.stuckAfterMs - own);
            terminated = true;
            const load = waited >= 1 ? ` (and ${Math.round(waited)} ms waiting for a core)` : '';
            this.exited(pool, new Error(`no answer ${this.opts.stuckAfterMs} ms of its own after its budget${load}`), 'stuck');
          });
        };
        armStuck(this.opts.stuckAfterMs);
      };
      const armBudget = () => {
        if (budgetTimer) clearTimeout(budgetTimer);
        budgetTimer = undefined;
        if (waiting > 0 || settled) return;
        const own = performance.now() - startedAt - waited - coreWaited;
        budgetTimer = after(Math.max(0, limits.budgetMs - own), () => {
          // The thread waited for a core meanwhile: the budget runs on by that much.
          if (catchUpCoreWait()) return armBudget();
          const load = coreWaited >= 1 ? ` (and ${Math.round(coreWaited)} ms waiting for a core)` : '';
          spent(`took longer than ${limits.budgetMs} ms of its own${load}`, true);
        });
      };
      const answered = (count: number) => {
        waiting -= count;
        if (waiting > 0) return;
        waiting = 0;
        waited += performance.now() - waitingSince;
        armBudget();
      };
      // Answers ready together go in one message (the calls a render makes at once mostly come
      // back together: the page's shared answers, the same upstream's replies).
      const answer = batched<IsolateAnswer>((answers) => post({ t: 'answers', answers }));
      port1.on('message', (m: FromIsolate) => {
        if (m.t === 'started') {
          started = true;
          startedAt = performance.now();
          const atStart = m.tid === undefined ? null : runQueue.waitedMs(m.tid);
          if (atStart !== null) {
            tid = m.tid;
            coreWaitAtStart = atStart;
          }
          clearTimeout(queued);
          armBudget();
          after(limits.deadlineMs, () => spent(`was not rendered within ${limits.deadlineMs} ms`, false));
        } else if (m.t === 'aborted') {
          if (stuck) clearTimeout(stuck);
        } else if (m.t === 'get') {
          if (!m.calls.length) return;
          if (waiting === 0) waitingSince = performance.now();
          waiting += m.calls.length;
          armBudget();
          // The region waits until its isolate takes the answers up ('got'): a thread busy with
          // another page's region meanwhile is time queued behind other requests, not its own.
          for (const { id, url } of m.calls) {
            get(url).then(
              (body) => answer({ id, ok: true, body }),
              (err: unknown) => answer({ id, ok: false, error: err instanceof Error ? err.message : String(err) }),
            );
          }
        } else if (m.t === 'got') {
          answered(m.count);
        }
      });
      // The regions' buffers reach the frame's isolate as copies: the gateway keeps them, to write
      // into the frame's slots (ssr/page-bytes.ts).
      const whole = { ...task, port: port2, budgetMs: limits.deadlineMs } as IsolateTask;
      const ran = pool
        .run(whole, { transferList: [port2] as never })
        .then(
          (reply: IsolateReply) => finish(reply.ok ? { ok: true, reply } : { ok: false, cause: reply.cause, error: reply.error }),
          (err: Error & { code?: string }) => {
            if (terminated) return finish({ ok: false, cause: 'crash', error: 'terminated: it no longer answered' });
            const cause = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
            this.exited(pool, err, cause);
            finish({ ok: false, cause, error: err.message });
          },
        )
        .finally(() => {
          for (const t of timers) clearTimeout(t);
          port1Closed = true;
          port1.close();
          this.inFlight.delete(ran);
        });
      this.inFlight.add(ran);
    });
  }

  /**
   * Tasks whose render may still run on their thread: a task is answered at its budget, and its
   * render goes on until it reads the abort.
   */
  private readonly inFlight = new Set<Promise<void>>();

  /** Resolves once every task begun so far has ended on its thread (or its thread was stopped). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async stopPool() {
    const pool = this.pool;
    this.pool = null;
    this.stopWatchdog();
    this.runQueue.close();
    if (pool) await pool.destroy().catch(() => undefined);
  }

  async close() {
    this.closing = true;
    this.breaker.shutdown();
    await this.stopPool();
  }
}

/** Where the compiled isolate is: beside the compiled gateway, or compiled now from its source. */
export function compiledWorkerFile(): string {
  // The production build (cfs-build-server) bundles main.ts and deploy-cli.ts into dist/ and the
  // isolate into dist/ssr/; run from dist/, the file is there.
  const built = path.join(__dirname, 'ssr', 'isolate-worker.js');
  if (__filename.endsWith('.js') && fs.existsSync(built)) return built;
  return compileWorkerFromSource();
}

let compiled: string | undefined;
/** Run from TypeScript (tests, `npm run dev`): compile the isolate once per process, as the production build would. */
function compileWorkerFromSource(): string {
  if (compiled) return compiled;
  const gatewayDir = path.resolve(__dirname, '..', '..');
  const out = path.join(gatewayDir, 'dist', 'dev', `isolate-worker-${process.pid}.js`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build tool, needed only when running from source
  const esbuild = require('esbuild') as typeof import('esbuild');
  esbuild.buildSync({
    absWorkingDir: gatewayDir,
    entryPoints: [path.join(gatewayDir, 'src', 'ssr', 'isolate-worker.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    // As the production build: packages stay run-time requires, the workspace's are compiled in.
    external: Object.keys(
      (JSON.parse(fs.readFileSync(path.join(gatewayDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies,
    )
      .filter((name) => !name.startsWith('@cfs/'))
      .flatMap((name) => [name, `${name}/*`]),
  });
  process.once('exit', () => fs.rmSync(out, { force: true }));
  compiled = out;
  return out;
}

/** Every version's isolate, by `name@version#expose`. */
export class Isolates {
  private byKey = new Map<string, VersionIsolate>();
  private workerFile?: string;

  constructor(
    private readonly dirOf: (name: string, version: string) => string,
    readonly opts: IsolateOptions,
  ) {}

  private fileOfWorker = () => (this.workerFile ??= workerFileOf(this.opts));

  private isolate(name: string, version: string): VersionIsolate {
    const expose = exposeOf(name);
    const key = `${name}@${version}#${expose}`;
    let iso = this.byKey.get(key);
    if (!iso) {
      iso = new VersionIsolate({ name, version, dir: this.dirOf(name, version), expose }, this.fileOfWorker, this.opts);
      this.byKey.set(key, iso);
    }
    return iso;
  }

  /** A region of the page, rendered by its version's isolate within the region budget. */
  region(name: string, version: string, state: StateJson, get: GatewayGet): Promise<IsolateOutcome> {
    return this.isolate(name, version).run({ kind: 'region', state }, get, {
      budgetMs: this.opts.budgetMs,
      deadlineMs: this.opts.deadlineMs,
    });
  }

  /** The page, rendered by the shell version's frame. */
  frame(version: string, task: Omit<FrameTask, 'port' | 'kind' | 'budgetMs'>): Promise<IsolateOutcome> {
    return this.shell(version, { kind: 'frame', ...task });
  }

  /** The vehicle page (or the page that says why there is none), by the shell version's frame. */
  vehicle(version: string, page: VehiclePageInput): Promise<IsolateOutcome> {
    return this.shell(version, { kind: 'vehicle', page });
  }

  /** A task of the shell version's isolate: the frame's budget (frameBudgetMs), and no calls to make. */
  private shell(version: string, task: Task): Promise<IsolateOutcome> {
    const noCalls: GatewayGet = () => Promise.reject(new Error(`the shell's ${task.kind} makes no calls`));
    const limit = this.opts.frameBudgetMs;
    return this.isolate('shell', version).run(task, noCalls, { budgetMs: limit, deadlineMs: limit });
  }

  /** Starts the isolates of these versions (the containers load before the first page asks). */
  warm(live: Record<string, string | undefined>): void {
    for (const [name, version] of Object.entries(live)) {
      if (version) this.isolate(name, version).start();
    }
  }

  /** Versions with an isolate, as `name@version`. */
  loadedVersions(): string[] {
    return [...this.byKey.keys()].map((k) => k.split('#')[0]);
  }

  /** Threads running, by `name@version`. */
  threads(): Record<string, number> {
    return Object.fromEntries([...this.byKey].map(([k, iso]) => [k.split('#')[0], iso.threads]));
  }

  /**
   * Releases the isolates of every version that is not live (name -> version) any more, nor named
   * in `keep` (`name@version`: versions a staging page composed lately); returns them.
   */
  retain(live: Record<string, string | undefined>, keep: ReadonlySet<string> = new Set()): string[] {
    const released: string[] = [];
    for (const [key, iso] of this.byKey) {
      if (live[iso.data.name] === iso.data.version || keep.has(`${iso.data.name}@${iso.data.version}`)) continue;
      this.byKey.delete(key);
      released.push(`${iso.data.name}@${iso.data.version}`);
      void iso.close();
    }
    return released;
  }

  async close(): Promise<void> {
    const all = [...this.byKey.values()];
    this.byKey.clear();
    await Promise.all(all.map((iso) => iso.close()));
  }

  /**
   * A build's own isolate, outside the registry (the smoke render at publish): its folder, not a
   * published version. Closed by the caller.
   */
  static forBuild(
    name: string,
    dir: string,
    opts: IsolateOptions,
  ): { run(task: Task, get: GatewayGet, limits: Limits): Promise<IsolateOutcome>; idle(): Promise<void>; close(): Promise<void> } {
    const iso = new VersionIsolate({ name, version: 'smoke', dir, expose: exposeOf(name) }, () => workerFileOf(opts), {
      ...opts,
      // Every fixture is rendered: a failure refuses the build, the breaker must not hide the next one.
      breakerVolume: Number.MAX_SAFE_INTEGER,
    });
    return {
      run: (task, get, limits) => iso.run(task, get, limits),
      idle: () => iso.idle(),
      close: () => iso.close(),
    };
  }
}

/** The isolate's file: the one the options name (tests), or the compiled one. */
function workerFileOf(opts: IsolateOptions): string {
  return opts.workerFile ?? compiledWorkerFile();
}
