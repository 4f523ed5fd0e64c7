/**
 * The gateway as several processes (node:cluster), GATEWAY_PROCESSES of them (default one per
 * core). The primary runs no application code: it holds the listening socket (so a worker that
 * dies refuses no connection: the others take the next ones), forks the workers, starts again one
 * that exits (a backoff that doubles from 0.5 s to 30 s, back to 0.5 s for a worker that ran 30 s;
 * at once when the registry changes meanwhile, a rollback), and stops them all on stop(). Each
 * worker is the single-process gateway (main.ts); one started while another listens warms up
 * before it listens (WARM_FIRST_ENV), so its cold first pages meet no shopper.
 *
 * The workers accept connections on the primary's socket themselves (cluster.SCHED_NONE), unless
 * NODE_CLUSTER_SCHED_POLICY says otherwise: with Node's round-robin, the primary accepts each
 * connection and hands it to a worker over IPC, and a connection handed to a worker that dies
 * before taking it is never answered nor closed (the primary keeps its copy): a client hung on
 * every crash under load, where accepting in the workers leaves only the requests the dead worker
 * held to fail (reset). It also spares the primary a share of a core under load.
 *
 * Metrics are per process (metrics.ts); /metrics, answered by any worker, is the sum over all of
 * them: the worker asks the primary, which asks every listening worker for its registry as JSON
 * and sums them with prom-client's AggregatorRegistry. A worker that is still starting, or that
 * exits or does not answer within a few seconds, is left out of that answer, and
 * gateway_cluster_processes{state="missing"} says so. Breakers and rate limits stay per process.
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { AggregatorRegistry, Counter, Gauge, Registry } from 'prom-client';
import { RestartBackoff, watchFile, type BackoffOptions } from '@cfs/tools/restart';

/** One registry's metrics as JSON (what AggregatorRegistry sums). */
type MetricJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/**
 * Set to '1' in the environment of a worker forked while another one listens (a worker started
 * again after an exit): it warms up before it listens (warm-up.ts), its siblings serving meanwhile.
 */
export const WARM_FIRST_ENV = 'GATEWAY_WARM_FIRST';

/** GATEWAY_PROCESSES: how many processes serve; unset, one per core. 1 runs with no cluster primary. */
export function gatewayProcesses(env: NodeJS.ProcessEnv = process.env): number {
  const raw = (env.GATEWAY_PROCESSES ?? '').trim();
  if (!raw) return os.availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`GATEWAY_PROCESSES must be a whole number, at least 1 (got "${raw}")`);
  return n;
}

// The restart policy (RestartBackoff, watchFile) is the one the supervisor of `npm start` uses.
export { RestartBackoff, watchFile, type BackoffOptions } from '@cfs/tools/restart';

// ---- the messages between a worker and the primary ----------------------------------------------

/** A worker's /metrics asks the primary for the sum. */
interface SumRequest {
  cfs: 'metrics-sum?';
  id: number;
}
interface SumAnswer {
  cfs: 'metrics-sum';
  id: number;
  text?: string;
  error?: string;
}
/** The primary asks each listening worker for its own registry. */
interface OwnRequest {
  cfs: 'metrics-own?';
  id: number;
}
interface OwnAnswer {
  cfs: 'metrics-own';
  id: number;
  metrics?: MetricJson;
  error?: string;
}
type Message = SumRequest | SumAnswer | OwnRequest | OwnAnswer;

const isMessage = (m: unknown): m is Message => typeof m === 'object' && m !== null && typeof (m as { cfs?: unknown }).cfs === 'string';

/** How long the primary waits for one worker's metrics, and a worker for the primary's sum. */
const OWN_METRICS_TIMEOUT_MS = 3000;
const SUM_TIMEOUT_MS = 6000;

export interface ProcessMetrics {
  registry: Registry;
  render(): Promise<string>;
}

/**
 * In a worker: answers the primary's requests for this process's metrics, and makes
 * `metrics.render()` (what /metrics answers, called per request by app.ts) return the sum over
 * every process, asked of the primary.
 */
export function serveClusterMetrics(metrics: ProcessMetrics, proc: NodeJS.Process = process): void {
  const pending = new Map<number, { resolve(text: string): void; reject(err: Error): void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  const send = (m: Message) => {
    if (proc.connected && proc.send) proc.send(m, undefined, {}, () => undefined);
  };
  proc.on('message', (m: unknown) => {
    if (!isMessage(m)) return;
    if (m.cfs === 'metrics-own?') {
      metrics.registry.getMetricsAsJSON().then(
        (json) => send({ cfs: 'metrics-own', id: m.id, metrics: json }),
        (err: Error) => send({ cfs: 'metrics-own', id: m.id, error: err.message }),
      );
    } else if (m.cfs === 'metrics-sum') {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.text !== undefined) p.resolve(m.text);
      else p.reject(new Error(`metrics of the gateway's processes: ${m.error ?? 'no answer'}`));
    }
  });
  metrics.render = () =>
    new Promise<string>((resolve, reject) => {
      if (!proc.connected) return reject(new Error('metrics of the gateway processes: the primary is gone'));
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('metrics of the gateway processes: the primary did not answer'));
      }, SUM_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      send({ cfs: 'metrics-sum?', id });
    });
}

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PrimaryOptions extends BackoffOptions {
  processes: number;
  /** The registry file: while a worker waits out its backoff, a change of it starts the worker at once. */
  registryFile?: string;
  /** The same for a registry that is not a file (Redis): calls back on a change, returns the unwatch. */
  watchRegistry?: (onChange: () => void) => () => void;
  log: Logger;
  /** Workers still running this long after stop() asked them to close are killed (default 10 s). */
  killAfterMs?: number;
  /** The workers' environment (default this process's). */
  env?: NodeJS.ProcessEnv;
}

export interface Primary {
  /** The pids of the running workers. */
  pids(): number[];
  restarts(): number;
  /** The primary's own gateway_process_faults_total (summed with the workers' in /metrics). */
  processFaults: Counter<'kind'>;
  /** Asks every worker to close (SIGTERM: each closes its app), kills what remains, resolves when all exited. */
  stop(): Promise<void>;
}

interface Slot {
  backoff: RestartBackoff;
  worker: Worker | null;
  startedAt: number;
  timer: NodeJS.Timeout | null;
}

/** The cluster primary: forks `processes` workers and keeps them running. */
export function runPrimary(opts: PrimaryOptions): Primary {
  const { processes, log, killAfterMs = 10_000 } = opts;
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  const slots: Slot[] = Array.from({ length: processes }, () => ({
    backoff: new RestartBackoff(opts),
    worker: null,
    startedAt: 0,
    timer: null,
  }));
  const listening = new Set<Worker>();
  let stopping = false;
  let restarts = 0;

  // The primary's own figures, summed with the workers'.
  const own = new Registry();
  new Gauge({
    name: 'gateway_cluster_workers',
    help: 'Gateway worker processes running (the cluster primary counts them)',
    registers: [own],
    collect() {
      this.set(slots.filter((s) => s.worker).length);
    },
  });
  new Gauge({
    name: 'gateway_cluster_workers_listening',
    help: 'Gateway worker processes listening (the others are warming up or starting)',
    registers: [own],
    collect() {
      this.set(listening.size);
    },
  });
  const restartCount = new Counter({
    name: 'gateway_cluster_restarts_total',
    help: 'Gateway workers started again after they exited',
    registers: [own],
  });
  const processFaults = new Counter({
    name: 'gateway_process_faults_total',
    help: 'Uncaught exceptions and unhandled rejections a gateway process logged and survived',
    labelNames: ['kind'],
    registers: [own],
  });

  const fork = (slot: Slot) => {
    slot.timer = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ ...opts.env, [WARM_FIRST_ENV]: listening.size > 0 ? '1' : '' });
    slot.worker = worker;
    worker.on('listening', () => listening.add(worker));
    worker.once('exit', (code, signal) => {
      listening.delete(worker);
      slot.worker = null;
      if (stopping) return;
      const wait = slot.backoff.afterExit(Date.now() - slot.startedAt);
      restarts += 1;
      restartCount.inc();
      log.error(
        { workerPid: worker.process.pid, code, signal, restartInMs: wait },
        `gateway worker exited (${signal ?? `code ${code}`}); starting another in ${wait} ms`,
      );
      slot.timer = setTimeout(() => fork(slot), wait);
    });
    worker.on('message', (m: unknown) => {
      if (isMessage(m) && m.cfs === 'metrics-sum?') void answerSum(worker, m.id);
    });
  };

  const onRegistryChange = () => {
    for (const slot of slots) {
      if (!slot.timer || stopping) continue;
      clearTimeout(slot.timer);
      log.info({}, 'the registry changed: starting a waiting gateway worker now');
      fork(slot);
    }
  };
  const unwatch = opts.watchRegistry
    ? opts.watchRegistry(onRegistryChange)
    : opts.registryFile
      ? watchFile(opts.registryFile, onRegistryChange)
      : () => undefined;

  // ---- /metrics: the sum over every process ----
  let nextId = 0;
  const waiting = new Map<number, Map<Worker, (json: MetricJson | null) => void>>();
  cluster.on('message', (worker: Worker, m: unknown) => {
    if (!isMessage(m) || m.cfs !== 'metrics-own') return;
    waiting.get(m.id)?.get(worker)?.(m.metrics ?? null);
  });
  const ownMetricsOf = (worker: Worker, id: number) =>
    new Promise<MetricJson | null>((resolve) => {
      const timer = setTimeout(() => done(null), OWN_METRICS_TIMEOUT_MS);
      const done = (json: MetricJson | null) => {
        clearTimeout(timer);
        worker.off('exit', gone);
        waiting.get(id)?.delete(worker);
        resolve(json);
      };
      const gone = () => done(null);
      worker.once('exit', gone);
      waiting.get(id)!.set(worker, done);
      try {
        worker.send({ cfs: 'metrics-own?', id } satisfies OwnRequest, undefined, (err: Error | null) => err && done(null));
      } catch {
        done(null);
      }
    });
  const sum = async (): Promise<string> => {
    const id = nextId++;
    waiting.set(id, new Map());
    try {
      const workers = [...listening].filter((w) => w.isConnected());
      const answers = await Promise.all(workers.map((w) => ownMetricsOf(w, id)));
      const summed = answers.filter((a): a is MetricJson => a !== null);
      const processes = new Registry();
      const counted = new Gauge({
        name: 'gateway_cluster_processes',
        help: 'Gateway worker processes in this sum (summed) and those running that are not (missing: starting, or no answer)',
        labelNames: ['state'],
        registers: [processes],
      });
      counted.set({ state: 'summed' }, summed.length);
      counted.set({ state: 'missing' }, Math.max(0, slots.filter((s) => s.worker).length - summed.length));
      const all = [...summed, await own.getMetricsAsJSON(), await processes.getMetricsAsJSON()];
      return await AggregatorRegistry.aggregate(all).metrics();
    } finally {
      waiting.delete(id);
    }
  };
  const answerSum = async (worker: Worker, id: number) => {
    let answer: SumAnswer;
    try {
      answer = { cfs: 'metrics-sum', id, text: await sum() };
    } catch (err) {
      answer = { cfs: 'metrics-sum', id, error: (err as Error).message };
    }
    if (worker.isConnected()) worker.send(answer, undefined, () => undefined);
  };

  for (const slot of slots) fork(slot);

  return {
    pids: () => slots.flatMap((s) => (s.worker?.process.pid ? [s.worker.process.pid] : [])),
    restarts: () => restarts,
    processFaults,
    async stop() {
      stopping = true;
      unwatch();
      for (const slot of slots) if (slot.timer) clearTimeout(slot.timer);
      const running = slots.flatMap((s) => (s.worker ? [s.worker] : []));
      const exited = running.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve()))));
      for (const w of running) w.process.kill('SIGTERM');
      const kill = setTimeout(() => {
        for (const w of running) if (!w.isDead()) w.process.kill('SIGKILL');
      }, killAfterMs);
      await Promise.all(exited);
      clearTimeout(kill);
    },
  };
}
