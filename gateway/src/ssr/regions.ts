/**
 * Server-side composition: each region of the page is rendered by the isolate of the version the
 * registry names (isolates.ts), with the same first-load state the browser gets. Failure stays
 * local, as in the browser: a region whose container is missing, whose render throws, that runs
 * past its budget, or whose isolate dies or hangs is left for the browser to render, for this
 * request only; the rest of the page still arrives rendered, and /metrics counts it by remote,
 * version and cause.
 */
import type { FallbackCause, IsolateRegion, Registry, StateJson } from '@cfs/contracts';
import type { GatewayMetrics } from '../metrics';
import type { GatewayGet, Isolates } from './isolates';

export interface RegionRenderOptions {
  isolates: Isolates;
  registry: Registry;
  /** The page's first-load state as JSON in shared memory (state-json.ts): the same text the frame writes into the page. */
  state: StateJson;
  /** A GET through the gateway's own routes (same route table and breakers as the browser's). */
  get: GatewayGet;
  metrics: GatewayMetrics;
  log: { warn(obj: object, msg: string): void };
}

/** Every region's HTML that could be rendered within its budget, by remote name. */
export async function renderRegions(opts: RegionRenderOptions): Promise<Record<string, IsolateRegion>> {
  const fallback = (name: string, version: string, cause: FallbackCause, error?: string) => {
    opts.metrics.ssrFallbacks.labels(name, version, cause).inc();
    if (error) opts.log.warn({ remote: name, version, cause, err: error }, 'region left to the browser');
  };
  const out: Record<string, IsolateRegion> = {};
  await Promise.all(
    Object.entries(opts.registry.remotes).map(async ([name, entry]) => {
      // A staging override is served by another host (a dev server): the browser renders it.
      if (entry.version === 'override') return fallback(name, entry.version, 'override');
      const t0 = performance.now();
      const outcome = await opts.isolates.region(name, entry.version, opts.state, opts.get);
      if (!outcome.ok) return fallback(name, entry.version, outcome.cause, outcome.error);
      if (!('region' in outcome.reply)) return fallback(name, entry.version, 'error', 'the isolate answered no region');
      out[name] = outcome.reply.region;
      opts.metrics.ssrDuration.labels(name).observe((performance.now() - t0) / 1000);
    }),
  );
  return out;
}
