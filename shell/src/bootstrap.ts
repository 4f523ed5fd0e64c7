import { start } from 'single-spa';
import { createBus, stateFromFirstLoad } from '@cfs/bus';
import { readFirstLoadState } from './first-load';
import { createSearchController } from './search-controller';
import { registerFromRegistry, showNotice } from './remotes';
import { bindHero } from './hero';
import { bindPageEvents } from './analytics';
import { REGIONS } from './regions';
import { loadAdsLater } from './ads/load';
import { nextTask } from './next-task';
import { SHELL_HOLDS_ATTR } from './early-submit';

/** Set on <html> once the shell has mounted the regions it loads first. */
export const READY_ATTR = 'data-cfs-ready';

async function main() {
  const first = readFirstLoadState();
  if (!first) {
    console.error('[shell] no first-load state in the page');
    return;
  }
  // The one bus of the page, seeded from the first-load state the gateway rendered.
  // Every server-rendered region was rendered from a bus seeded the same way (hydration matches).
  const bus = createBus(stateFromFirstLoad(first));
  (window as unknown as { __CFS_BUS__: unknown }).__CFS_BUS__ = bus;

  const controller = createSearchController({ bus, pageSize: first.config.pageSize, brand: first.brand });
  bindHero(bus);
  bindPageEvents(bus, first.config.apiBase, first.registry);
  (window as unknown as { __CFS_SEARCH__: unknown }).__CFS_SEARCH__ = controller;
  // The page's own bindings are one task, the regions' start another.
  await nextTask();

  // The registry the page was rendered with (staging overrides already applied by the gateway):
  // the regions hydrate the very versions that rendered them, with no round trip first.
  const registry = first.registry;
  const only = new URLSearchParams(window.location.search).get('only')?.split(',');
  const registered = registerFromRegistry(registry, { bus, timeoutMs: first.config.remoteTimeoutMs, only });
  for (const r of REGIONS) if (!registered.includes(r.remote) && !only) showNotice(r.remote);
  // The regions now hold what the shopper sends before they hydrate: the start script stops.
  document.documentElement.setAttribute(SHELL_HOLDS_ATTR, '');
  // Once the first regions are mounted (a hydrating region replays input it gets meanwhile), the
  // page says so: `<html data-cfs-ready>`, for operators and browser tests.
  window.addEventListener('single-spa:routing-event', () => document.documentElement.setAttribute(READY_ATTR, ''), { once: true });
  start({ urlRerouteOnly: true });
  // The fixed bottom ad bar and the footer ad (page-furniture §2 'Other'): their code loads when the page is idle.
  loadAdsLater((first.config as { fixedAd?: unknown }).fixedAd);
}

void main();
