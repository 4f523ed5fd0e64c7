import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { regionIdPrefix, resolveRegionData, type Bus } from '@cfs/contracts';
import { isFirstLoadSearch } from '@cfs/bus';
import type { RegionData } from './region-data';
import { regionTree } from './server';
import { earlyInput, REGION_DATA_ATTR, replayEarlyInput, reportRegion, SERVER_RENDERED_ATTR } from '@cfs/remote-kit/dom';

export interface LifecycleProps {
  name: string;
  bus: Bus;
  /** The region the shell gives this remote. */
  domElement: HTMLElement;
}

export interface Lifecycles {
  bootstrap(props: LifecycleProps): Promise<void>;
  mount(props: LifecycleProps): Promise<void>;
  unmount(props: LifecycleProps): Promise<void>;
}

/**
 * The region's server-rendered root, if the gateway rendered this very build into it (a region
 * rendered by another version, for example across a deploy, is rendered afresh instead).
 */
function serverRendered(host: HTMLElement, name: string, version: string | undefined): HTMLElement | null {
  const el = host.querySelector<HTMLElement>(`:scope > [data-boundary="${name}"][${SERVER_RENDERED_ATTR}]`);
  if (!el) return null;
  if ((el.getAttribute('data-version') ?? undefined) !== version) {
    el.remove();
    return null;
  }
  return el;
}

/**
 * The data the region's server render fetched, as the page carries it: its references to the
 * first-load search result (@cfs/contracts' region-data.ts) read back against the bus's result
 * while it is still the first load's; once the search has changed, entries with references are
 * left out (the region asks the gateway for what it needs).
 */
function regionData(host: HTMLElement, bus: Bus): RegionData {
  const el = host.querySelector(`:scope > script[${REGION_DATA_ATTR}]`);
  try {
    if (!el?.textContent) return {};
    return resolveRegionData(JSON.parse(el.textContent), isFirstLoadSearch(bus) ? bus.getState().search.result : null);
  } catch {
    return {};
  }
}

/**
 * A User Timing entry from `start` to now (`cfs:hydrate <remote>` or `cfs:render <remote>`): how
 * long a region took from its mount to its commit, in the browser's performance timeline.
 */
function measure(what: string, start: number) {
  try {
    performance.measure(`cfs:${what}`, { start });
  } catch {
    // A timeline without User Timing: nothing to record.
  }
}

/**
 * Renders its children only, and calls `onCommit` once they have committed and their effects
 * (bus subscriptions among them) have run: an effect of a parent runs after its children's.
 * No markup of its own, so a hydrated tree matches the server's.
 */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * single-spa lifecycles that mount a React 19 root into the region the shell gives the remote.
 * When the gateway rendered the region on the server, the root hydrates that HTML in place
 * (with the data the server render fetched); otherwise it renders from scratch. The root element
 * carries data-boundary="<remote folder>" (the remote's CSS scope) and data-version (the build's
 * version, for operators and deploy checks). The remote passes its own version: this module may
 * be shared with containers of other builds, so it reads no build constant of its own.
 * `mount` resolves once the region has committed and subscribed to the bus, so an intent
 * published after it (the shell's replay for a region loaded on first use) reaches the region.
 */
export function createLifecycles(options: {
  name: string;
  version?: string;
  App: ComponentType;
  /**
   * 'transition': the server HTML hydrates in time slices, yielding to the browser between them,
   * instead of in one long task; every region that shows something on the first paint uses it.
   * So does a first render in the browser where the page has no server HTML for the region (its
   * server render failed or ran past its budget): a whole region rendered in one task blocked the
   * page for 200 ms and more on a phone. Either way, a button pressed or a form sent before the
   * region has mounted is held by the shell and given again once it has (the shell's
   * hydration-triggers.ts), and what the shopper typed, chose or ticked is handed to the region
   * once it commits (early-input.ts).
   */
  hydration?: 'default' | 'transition';
}): Lifecycles {
  const roots = new Map<HTMLElement, { root: Root; el: HTMLElement }>();
  return {
    async bootstrap() {},
    async mount(props) {
      const host = props.domElement;
      if (!host) throw new Error(`${options.name}: no domElement given to mount into`);
      if (!props.bus) throw new Error(`${options.name}: no bus given to mount with`);
      // A region mounted after the search changed (one that waited for the shopper) renders the
      // new search afresh: hydrating the first search's HTML with it could not match.
      const data = regionData(host, props.bus);
      const shown = host.querySelector(`:scope > [data-boundary="${options.name}"]`) !== null;
      const rendered = isFirstLoadSearch(props.bus) ? serverRendered(host, options.name, options.version) : null;
      let committed!: () => void;
      const started = performance.now();
      const early = rendered ? earlyInput(rendered) : [];
      const done = new Promise<void>((resolve) => (committed = resolve)).then(() => {
        measure(`${rendered ? 'hydrate' : 'render'} ${options.name}`, started);
        replayEarlyInput(early);
      });
      if (rendered) {
        const tree = <Committed onCommit={committed}>{regionTree(options.name, options.App, props.bus, data)}</Committed>;
        const hydrate = () =>
          hydrateRoot(rendered, tree, {
            identifierPrefix: regionIdPrefix(options.name),
            onRecoverableError(error) {
              console.error(`[${options.name}] hydration fell back to a client render`, error);
              reportRegion(props.bus, options.name, 'hydration');
            },
          });
        let root!: Root;
        if (options.hydration === 'transition') startTransition(() => void (root = hydrate()));
        else root = hydrate();
        roots.set(host, { root, el: rendered });
        return done;
      }
      // Nothing (usable) from the server: the region is rendered in the browser, with the answers
      // the server render fetched (still right for the URLs they name).
      for (const stale of host.querySelectorAll(`:scope > [data-boundary], :scope > script[${REGION_DATA_ATTR}]`)) stale.remove();
      const el = document.createElement('div');
      el.setAttribute('data-boundary', options.name);
      if (options.version) el.setAttribute('data-version', options.version);
      host.appendChild(el);
      const root = createRoot(el, { identifierPrefix: regionIdPrefix(options.name) });
      const tree = <Committed onCommit={committed}>{regionTree(options.name, options.App, props.bus, data)}</Committed>;
      // Server HTML was showing (another search, another build): the new render replaces it in the
      // same task, so the region never shows empty and nothing below it moves meanwhile.
      if (shown) flushSync(() => root.render(tree));
      else if (options.hydration === 'transition') startTransition(() => root.render(tree));
      else root.render(tree);
      roots.set(host, { root, el });
      return done;
    },
    async unmount(props) {
      const entry = roots.get(props.domElement);
      if (!entry) return;
      entry.root.unmount();
      entry.el.remove();
      roots.delete(props.domElement);
    },
  };
}
