/**
 * Prometheus metrics (prom-client), one registry per gateway instance:
 * - gateway_breaker_state{name}: 0 closed, 1 half-open, 2 open (read when scraped);
 * - gateway_breaker_events_total{name,event}: fire, success, failure, timeout, reject, fallback,
 *   open, halfOpen, close, semaphoreLocked, slow (a call still running at its slow-call threshold,
 *   breaker.ts) (counted from each breaker's events; the label
 *   children are bound once at boot so a call costs one increment per event);
 * - gateway_upstream_duration_seconds{name}: latency of answered upstream calls;
 * - gateway_ssr_fallbacks_total{remote,version,cause}: regions the browser rendered instead of the
 *   server (error, timeout, crash, memory, missing, override, open);
 * - gateway_ssr_isolate_exits_total{remote,version,cause}: server render isolates that died or
 *   were terminated (crash, memory, stuck) and were replaced;
 * - gateway_ssr_shared_answers_total{result}: the answers signed-out pages' regions share, found
 *   fresh, stale (refreshed meanwhile) or missing;
 * - gateway_process_faults_total{kind}: uncaught exceptions and unhandled rejections the gateway's
 *   last line of defence logged and survived (main.ts);
 * - gateway_ssr_render_seconds{remote}: server render time of a region;
 * - gateway_region_health_total{remote,version,kind}: how regions fared in shoppers' browsers, from
 *   the page events that pass the collector (region-health.ts): mounts and failures by kind;
 * - the process's default metrics (event-loop lag, memory, GC) with the gateway_ prefix.
 */
import type CircuitBreaker from 'opossum';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const BREAKER_EVENTS = [
  'fire',
  'success',
  'failure',
  'timeout',
  'reject',
  'fallback',
  'open',
  'halfOpen',
  'close',
  'semaphoreLocked',
  'slow',
] as const;

export const STATE_VALUE = { closed: 0, halfOpen: 1, open: 2 } as const;

export function breakerState(b: CircuitBreaker): keyof typeof STATE_VALUE {
  return b.opened ? 'open' : b.halfOpen ? 'halfOpen' : 'closed';
}

export interface GatewayMetrics {
  registry: Registry;
  /** A region rendered in the browser instead of on the server, by remote, version and cause. */
  ssrFallbacks: Counter<'remote' | 'version' | 'cause'>;
  /** Server render isolates that died or were terminated, by remote, version and cause. */
  isolateExits: Counter<'remote' | 'version' | 'cause'>;
  /** Shared answers of the regions' renders, by lookup result (fresh, stale, miss). */
  sharedAnswers: Counter<'result'>;
  /** Uncaught exceptions and unhandled rejections in a gateway process, by kind. */
  processFaults: Counter<'kind'>;
  /** Time of a region's server render (load step and render), by remote. */
  ssrDuration: Histogram<'remote'>;
  /** How long a page waited for its turn to render (ssr/page-slots.ts), by how it ended: a slot, or going on without one. */
  pageWait: Histogram<'outcome'>;
  /** How regions fared in shoppers' browsers (their page events), by remote, version and kind. */
  regionHealth: Counter<'remote' | 'version' | 'kind'>;
  contentType: string;
  render(): Promise<string>;
}

export function createMetrics(breakers: Map<string, CircuitBreaker>, opts: { defaults?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (opts.defaults !== false) collectDefaultMetrics({ register: registry, prefix: 'gateway_' });

  new Gauge({
    name: 'gateway_breaker_state',
    help: 'Circuit state of each upstream call: 0 closed, 1 half-open, 2 open (with several processes: the most open)',
    labelNames: ['name'],
    aggregator: 'max',
    registers: [registry],
    collect() {
      for (const [name, b] of breakers) this.set({ name }, STATE_VALUE[breakerState(b)]);
    },
  });
  const events = new Counter({
    name: 'gateway_breaker_events_total',
    help: 'Breaker events per upstream call',
    labelNames: ['name', 'event'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'gateway_upstream_duration_seconds',
    help: 'Latency of upstream calls that answered (success or 4xx)',
    labelNames: ['name'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [registry],
  });

  for (const [name, b] of breakers) {
    for (const ev of BREAKER_EVENTS) {
      const child = events.labels(name, ev);
      child.inc(0);
      (b as unknown as { on(e: string, f: () => void): void }).on(ev, () => child.inc());
    }
    const d = duration.labels(name);
    b.on('success', (_result: unknown, latencyMs: number) => d.observe(latencyMs / 1000));
  }

  const ssrFallbacks = new Counter({
    name: 'gateway_ssr_fallbacks_total',
    help: 'Regions left to the browser to render, by remote, version and cause',
    labelNames: ['remote', 'version', 'cause'],
    registers: [registry],
  });
  const isolateExits = new Counter({
    name: 'gateway_ssr_isolate_exits_total',
    help: 'Server render isolates that died or were terminated (crash, memory, stuck) and were replaced',
    labelNames: ['remote', 'version', 'cause'],
    registers: [registry],
  });
  const sharedAnswers = new Counter({
    name: 'gateway_ssr_shared_answers_total',
    help: "The answers signed-out pages' regions share: found fresh, stale (refreshed meanwhile) or missing",
    labelNames: ['result'],
    registers: [registry],
  });
  const processFaults = new Counter({
    name: 'gateway_process_faults_total',
    help: 'Uncaught exceptions and unhandled rejections a gateway process logged and survived',
    labelNames: ['kind'],
    registers: [registry],
  });
  const ssrDuration = new Histogram({
    name: 'gateway_ssr_render_seconds',
    help: 'Server render time of a region (its load step and its render)',
    labelNames: ['remote'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registers: [registry],
  });
  const pageWait = new Histogram({
    name: 'gateway_page_wait_seconds',
    help: 'Time a page waited for its turn to render (SSR_PAGES_AT_ONCE), by outcome: slot, or waited-out (went on without one)',
    labelNames: ['outcome'],
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const regionHealth = new Counter({
    name: 'gateway_region_health_total',
    help: "Regions in shoppers' browsers, by remote, registry version and kind: mount, or a failure (load-failure, error, hydration) or notice",
    labelNames: ['remote', 'version', 'kind'],
    registers: [registry],
  });

  return {
    registry,
    regionHealth,
    ssrFallbacks,
    processFaults,
    isolateExits,
    sharedAnswers,
    ssrDuration,
    pageWait,
    contentType: registry.contentType,
    render: () => registry.metrics(),
  };
}
