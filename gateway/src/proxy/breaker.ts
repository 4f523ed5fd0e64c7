/**
 * One circuit per call of the route table: an opossum breaker, plus the three things opossum
 * does not do and a hung upstream needs.
 *
 * 1. Slow calls count (resilience4j's slow-call rate is the model). opossum counts a call only
 *    when it ends, so a hung upstream at low traffic opened the circuit only after the timeout
 *    twice over: the calls in flight were not failures yet, and they diluted the error rate as
 *    'fires'. Here a call still running at its route's slow-call threshold (a quarter of the
 *    timeout, at least 1 s) is decided as failing at that moment. The circuit opens when, among
 *    the last SLOW_WINDOW_CALLS decided calls (none older than the counting window), at least
 *    half and at least the volume threshold were slow or failed. A hung search (20 s timeout,
 *    5 s threshold) thus opens about 9 s after it hangs at 1 call/s, 5 s at high traffic, and by
 *    21 s at one call every 4 s, where the volume threshold sets the pace.
 * 2. Opening answers the calls already waiting. When a circuit opens, every call of it still in
 *    flight is answered the open fallback at once (their upstream requests run on to their own
 *    deadline, unobserved): the shoppers who arrived before the circuit opened get the error
 *    screen then, not at their timeout.
 * 3. A hung trial does not hold recovery. A GET circuit that is open or half-open retries a
 *    recent request in the background every PROBE_INTERVAL_MS, on a fixed cadence whether the
 *    previous probe has answered or not (each probe bounded by the slow-call threshold, so a few
 *    at most are in flight): the first probe answered closes the circuit, within about
 *    PROBE_INTERVAL_MS of the upstream answering again. The half-open trial opossum lets through
 *    is a shopper's call: its deadline is the slow-call threshold, not the full timeout, so a
 *    hung trial re-opens the circuit (and lets probing go on) within seconds. Writes are never
 *    replayed: a write circuit recovers at its reset's trial.
 *
 * Everything here runs on timers and Date.now, so fake timers drive it (breaker-timing.test.ts).
 */
import CircuitBreaker from 'opossum';
import type { RouteSpec } from './route-table';

/** Calls in the counting window before a circuit may open (a single failure never opens one). */
export const VOLUME_THRESHOLD = 5;
/** How often an open GET circuit retries a recent request in the background. */
export const PROBE_INTERVAL_MS = 2_000;
/** The decided calls the slow-call rule looks at: the last twice the volume threshold. */
export const SLOW_WINDOW_CALLS = 2 * VOLUME_THRESHOLD;

type Timings = Pick<RouteSpec, 'timeoutMs' | 'volumeThreshold' | 'slowCallMs'>;

/**
 * opossum's counting window: long enough to hold the volume threshold's worth of calls that each
 * ran to the timeout, so its own error rate can open a circuit at low traffic too.
 */
export function countingWindowMs(route: Timings): number {
  return Math.max(10_000, (route.volumeThreshold ?? VOLUME_THRESHOLD) * route.timeoutMs * 1.5);
}

/** A call still running this long counts as failing: the route's own, else a quarter of its timeout, at least 1 s. */
export function slowCallMs(route: Timings): number {
  return Math.min(route.timeoutMs, route.slowCallMs ?? Math.max(1_000, route.timeoutMs / 4));
}

export interface BreakerRequest {
  deadline?: number;
  signal?: unknown;
}

export interface RouteBreakerOptions<Req extends BreakerRequest, Res> {
  /** The answer of a refused or failed call (the route's fallback). */
  fallback: (req: Req, err?: Error) => Res;
  /** Errors that are not the upstream's failure (the caller went away). */
  isCancel: (err: unknown) => boolean;
  /** Retry a recent request in the background while open (reads only: GET). */
  probe: boolean;
}

export interface RouteBreaker<Req extends BreakerRequest, Res> {
  breaker: CircuitBreaker;
  /** One call through the circuit. Rejects only with a filtered error (the caller went away). */
  fire(req: Req): Promise<Res>;
  /** Stops probing and the breaker's timers. */
  shutdown(): void;
}

interface Decided {
  at: number;
  failing: boolean;
}

export function createRouteBreaker<Req extends BreakerRequest, Res>(
  route: RouteSpec,
  action: (req: Req) => Promise<Res>,
  opts: RouteBreakerOptions<Req, Res>,
): RouteBreaker<Req, Res> {
  const slowMs = slowCallMs(route);
  const volume = route.volumeThreshold ?? VOLUME_THRESHOLD;
  const windowMs = countingWindowMs(route);

  // ---- 1. the slow-call rule ------------------------------------------------------------------
  let decided: Decided[] = [];
  // Calls started before the circuit last closed do not count after it.
  let epoch = 0;
  const decide = (callEpoch: number, failing: boolean) => {
    if (callEpoch !== epoch) return;
    const now = Date.now();
    decided.push({ at: now, failing });
    if (decided.length > SLOW_WINDOW_CALLS) decided.shift();
    if (!failing || !breaker.closed) return;
    decided = decided.filter((d) => now - d.at <= windowMs);
    const bad = decided.reduce((n, d) => n + (d.failing ? 1 : 0), 0);
    if (bad >= volume && bad * 2 >= decided.length) breaker.open();
  };
  /**
   * The action, bounded by its deadline (the route's timeout, or the caller's sooner one) and
   * decided once: good when it answers before the slow-call threshold, failing when it fails or
   * reaches the threshold. A call that began before the circuit last closed (a hung call of the
   * outage, ending later) is not counted by opossum either: it rejects as a StaleCall, which the
   * error filter passes by and fire() answers with the fallback.
   */
  const tracked = (req: Req): Promise<Res> =>
    new Promise<Res>((resolve, reject) => {
      const callEpoch = epoch;
      const started = Date.now();
      const limit = Math.max(1, Math.min(route.timeoutMs, (req.deadline ?? Infinity) - started));
      let decidedAlready = false;
      let settled = false;
      const finish = (err: unknown, res?: Res) => {
        if (settled) return;
        settled = true;
        clearTimeout(slow);
        clearTimeout(deadline);
        if (err === null) {
          if (!decidedAlready) decide(callEpoch, false);
          return resolve(res as Res);
        }
        if (opts.isCancel(err)) return reject(err);
        if (!decidedAlready) decide(callEpoch, true);
        if (callEpoch !== epoch) return reject(new StaleCall(err));
        if (isTimeout(err)) breaker.emit('timeout', err, Date.now() - started, [req]);
        reject(err);
      };
      const slow =
        slowMs < limit
          ? setTimeout(() => {
              decidedAlready = true;
              breaker.emit('slow', slowMs);
              decide(callEpoch, true);
            }, slowMs)
          : undefined;
      // The action has its own deadline (axios's); this one holds even if it did not.
      const deadline = setTimeout(() => finish(Object.assign(new Error(`Timed out after ${limit}ms`), { code: 'ETIMEDOUT' })), limit);
      action(req).then(
        (res) => finish(null, res),
        (err: unknown) => finish(err ?? new Error('failed')),
      );
    });

  const breaker = new CircuitBreaker(tracked, {
    name: route.name,
    group: route.upstream,
    // The deadline is tracked's own (it knows the call's epoch and the caller's sooner deadline).
    timeout: false,
    resetTimeout: route.resetMs,
    // A single failure does not open a circuit.
    volumeThreshold: volume,
    errorThresholdPercentage: 50,
    rollingCountTimeout: windowMs,
    rollingCountBuckets: 10,
    // The caller going away is not the upstream's failure, nor is a call of an earlier outage.
    errorFilter: (err: unknown) => err instanceof StaleCall || opts.isCancel(err),
  });
  breaker.fallback((req: Req, err?: Error) => opts.fallback(req, err));
  breaker.on('close', () => {
    epoch++;
    decided = [];
    freshWindow(breaker);
  });

  // ---- 2. opening answers the calls waiting ----------------------------------------------------
  const waiting = new Set<() => void>();
  breaker.on('open', () => {
    const wereWaiting = [...waiting];
    // After the call whose failure opened the circuit has had its own answer, if still open.
    setImmediate(() => {
      if (!breaker.opened) return;
      for (const release of wereWaiting) release();
    });
  });
  const openError = () => Object.assign(new Error('Breaker is open'), { code: 'EOPENBREAKER' });

  // ---- 3. probes while open or half-open -------------------------------------------------------
  let recent: Req | null = null;
  let cadence: NodeJS.Timeout | null = null;
  let probesInFlight = 0;
  const maxProbes = Math.ceil(slowMs / PROBE_INTERVAL_MS) + 1;
  const stopProbing = () => {
    if (cadence) clearInterval(cadence);
    cadence = null;
  };
  const probe = () => {
    if (breaker.closed) return stopProbing();
    if (!recent || probesInFlight >= maxProbes) return;
    probesInFlight++;
    action({ ...recent, signal: undefined, deadline: Date.now() + slowMs })
      .then(
        () => {
          if (!breaker.closed) breaker.close();
        },
        () => undefined,
      )
      .finally(() => probesInFlight--);
  };
  if (opts.probe) {
    breaker.on('open', () => {
      if (cadence) return;
      cadence = setInterval(probe, PROBE_INTERVAL_MS);
      cadence.unref();
    });
    breaker.on('close', stopProbing);
  }
  breaker.on('shutdown', stopProbing);

  return {
    breaker,
    fire(req: Req): Promise<Res> {
      if (opts.probe) recent = req;
      // Refused at once while open (and while a half-open trial is out).
      if (!breaker.closed && !breaker.pendingClose) return breaker.fire(req) as Promise<Res>;
      // The half-open trial: bounded by the slow-call threshold, so a hung one does not hold the circuit.
      const call = breaker.halfOpen ? { ...req, deadline: Math.min(req.deadline ?? Infinity, Date.now() + slowMs) } : req;
      return new Promise<Res>((resolve, reject) => {
        const release = () => resolve(opts.fallback(req, openError()));
        waiting.add(release);
        (breaker.fire(call) as Promise<Res>)
          .then(resolve, (err: unknown) => (err instanceof StaleCall ? resolve(opts.fallback(req, err.cause as Error)) : reject(err)))
          .finally(() => waiting.delete(release));
      });
    },
    shutdown() {
      stopProbing();
      waiting.clear();
      breaker.shutdown();
    },
  };
}

/** A call that began before its circuit last closed, failing after: not counted, answered the fallback. */
class StaleCall extends Error {
  constructor(override readonly cause: unknown) {
    super('a call of an earlier outage failed');
  }
}

function isTimeout(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'ETIMEDOUT' || code === 'ECONNABORTED';
}

/**
 * A circuit that closes starts counting afresh. opossum's window still holds the calls of the
 * open period, each refused call counted as a 'fire': right after closing, ten failures in a row
 * among a hundred calls refused a moment earlier were a 10 % error rate, and the circuit stayed
 * closed while every call failed. The buckets are the status window's own objects (a public
 * getter); they are emptied in place.
 */
export function freshWindow(breaker: CircuitBreaker): void {
  for (const bucket of breaker.status.window as unknown as Record<string, unknown>[]) {
    for (const [k, v] of Object.entries(bucket)) {
      if (typeof v === 'number') bucket[k] = 0;
      else if (Array.isArray(v)) v.length = 0;
    }
  }
}
