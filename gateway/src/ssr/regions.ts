/**
 * Server-side composition: each region of the page is rendered from the server container of the
 * version the registry names, with the same first-load state the browser gets. Failure stays
 * local, as in the browser: a region whose container is missing, whose render throws, or that
 * runs past its budget is left for the browser to render, for this request only; the rest of the
 * page still arrives rendered, and /metrics counts it by remote and cause.
 */
import { renderToString } from 'react-dom/server';
import { regionIdPrefix, type FirstLoadState, type Registry } from '@cfs/contracts';
import type { GatewayMetrics } from '../metrics';
import type { ServerContainers } from './containers';

/** What a remote's server container exposes as './server' (see @cfs/remote-kit createServerRender). */
interface RegionServerModule {
  render(ctx: { state: FirstLoadState; get(url: string): Promise<unknown>; signal: AbortSignal }): Promise<{
    version?: string;
    element: Parameters<typeof renderToString>[0];
    data: Record<string, unknown>;
  }>;
}

export interface RenderedRegion {
  html: string;
  version?: string;
  data: Record<string, unknown>;
}

export type FallbackCause = 'error' | 'timeout' | 'missing' | 'override';

export interface RegionRenderOptions {
  containers: ServerContainers;
  registry: Registry;
  state: FirstLoadState;
  /** A GET through the gateway's own routes (same route table and breakers as the browser's). */
  get(url: string, signal: AbortSignal): Promise<unknown>;
  budgetMs: number;
  metrics: GatewayMetrics;
  log: { warn(obj: object, msg: string): void };
}

class BudgetSpent extends Error {}

interface Prepared {
  version?: string;
  element: Parameters<typeof renderToString>[0];
  data: Record<string, unknown>;
}

/**
 * A region's asynchronous part, within its budget: loading its server container and its load
 * step (the gateway calls its first paint needs). Past the budget the region is given up and its
 * calls are aborted. The render itself is synchronous and runs after every region is prepared,
 * so one region's render never eats another's budget.
 */
async function prepare(name: string, version: string, opts: RegionRenderOptions): Promise<Prepared> {
  const ctrl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctrl.abort();
      reject(new BudgetSpent(`${name} took longer than ${opts.budgetMs} ms`));
    }, opts.budgetMs);
  });
  const work = (async () => {
    const mod = await opts.containers.get<RegionServerModule>(name, version, './server');
    if (typeof mod?.render !== 'function') throw new Error(`${name}@${version} exposes no server render`);
    return mod.render({ state: opts.state, get: (url) => opts.get(url, ctrl.signal), signal: ctrl.signal });
  })();
  work.catch(() => undefined);
  try {
    return await Promise.race([work, budget]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every region's HTML that could be rendered within its budget, by remote name. */
export async function renderRegions(opts: RegionRenderOptions): Promise<Record<string, RenderedRegion>> {
  const fallback = (name: string, version: string, cause: FallbackCause, err?: unknown) => {
    opts.metrics.ssrFallbacks.labels(name, version, cause).inc();
    if (err)
      opts.log.warn({ remote: name, version, cause, err: err instanceof Error ? err.message : String(err) }, 'region left to the browser');
  };
  const entries = Object.entries(opts.registry.remotes);
  const prepared = await Promise.all(
    entries.map(async ([name, entry]): Promise<[string, Prepared | null, number]> /* name, region, ms to prepare */ => {
      const t0 = performance.now();
      // A staging override is served by another host (a dev server): the browser renders it.
      if (entry.version === 'override') {
        fallback(name, entry.version, 'override');
        return [name, null, 0];
      }
      try {
        const region = await prepare(name, entry.version, opts);
        return [name, region, performance.now() - t0];
      } catch (err) {
        const cause = err instanceof BudgetSpent ? 'timeout' : (err as { code?: string }).code === 'ENOSERVER' ? 'missing' : 'error';
        fallback(name, entry.version, cause, err);
        return [name, null, 0];
      }
    }),
  );
  const out: Record<string, RenderedRegion> = {};
  for (const [name, region, prepareMs] of prepared) {
    if (!region) continue;
    const t1 = performance.now();
    try {
      out[name] = {
        html: renderToString(region.element, { identifierPrefix: regionIdPrefix(name) }),
        version: region.version,
        data: region.data,
      };
      // Time of the region's own work: its preparation and its render.
      opts.metrics.ssrDuration.labels(name).observe((prepareMs + performance.now() - t1) / 1000);
    } catch (err) {
      fallback(name, opts.registry.remotes[name].version, 'error', err);
    }
  }
  return out;
}
