import { createElement, StrictMode, type ComponentType, type ReactElement } from 'react';
import { createBus, stateFromFirstLoad } from '@cfs/bus';
import type { Bus, FirstLoadState, RegionData, RegionServerModule } from '@cfs/contracts';
import { BusContext } from './hooks';
import { RemoteErrorBoundary } from './boundary';
import { RegionDataContext } from './region-data';

/** A remote's server render: what its server container exposes as `./server` (@cfs/contracts). */
export type ServerRender = RegionServerModule<ReactElement>['render'];

export interface ServerRenderOptions {
  name: string;
  version?: string;
  App: ComponentType;
  /**
   * Fetches what the region's first paint needs beyond the first-load state, by calling
   * `get(url)` with the URLs its components will ask for (useGatewayData). A failed call is
   * recorded as failed: the component shows its failure state on the server and in the browser.
   */
  load?(ctx: { state: FirstLoadState; get(url: string): Promise<unknown> }): Promise<unknown>;
}

/**
 * A remote's server render: the same component tree as its browser mount (bus provider with the
 * state the shell will create from the same first-load state, error boundary, StrictMode), plus
 * the answers its load step fetched. It never touches window or document.
 */
export function createServerRender(options: ServerRenderOptions): ServerRender {
  return async (ctx) => {
    const data: RegionData = {};
    const get = async (url: string) => {
      try {
        const body = await ctx.get(url);
        data[url] = { ok: true, body };
        return body;
      } catch (err) {
        data[url] = { ok: false };
        throw err;
      }
    };
    if (options.load) await options.load({ state: ctx.state, get }).catch(() => undefined);
    const bus = createBus(stateFromFirstLoad(ctx.state));
    // stateRefs: this build's browser side (lifecycles.tsx) reads references to the first-load
    // result in its data, so the gateway need not repeat the result's listings and owners there.
    return {
      name: options.name,
      version: options.version,
      element: regionTree(options.name, options.App, bus, data),
      data,
      stateRefs: true,
    };
  };
}

/** The tree both sides render: server and browser must build it the same way to hydrate. */
export function regionTree(name: string, App: ComponentType, bus: Bus, data: RegionData): ReactElement {
  return createElement(
    StrictMode,
    null,
    createElement(
      BusContext.Provider,
      { value: bus },
      createElement(RegionDataContext.Provider, { value: data }, createElement(RemoteErrorBoundary, { name }, createElement(App))),
    ),
  );
}
