import { start } from 'single-spa';
import { createBus } from '@cfs/bus';
import { readFirstLoadState } from './first-load';
import { createSearchController } from './search-controller';
import { fetchRegistry, registerFromRegistry, showNotice } from './remotes';
import { bindHero } from './hero';
import { REGIONS } from './regions';

async function main() {
  const first = readFirstLoadState();
  if (!first) {
    console.error('[shell] no first-load state in the page');
    return;
  }
  // The one bus of the page, seeded from the first-load state the gateway rendered.
  const bus = createBus({
    brand: { brand: first.brand, flags: first.flags },
    session: { signedIn: first.signedIn, leadProfile: null, signInPath: first.config.signInPath },
    search: {
      query: first.query,
      result: first.result,
      status: first.result ? 'success' : 'idle',
      requestId: 0,
      error: first.searchError,
    },
  });
  (window as unknown as { __CFS_BUS__: unknown }).__CFS_BUS__ = bus;

  const controller = createSearchController({ bus, pageSize: first.config.pageSize, brand: first.brand });
  bindHero(bus);
  (window as unknown as { __CFS_SEARCH__: unknown }).__CFS_SEARCH__ = controller;

  let registry = first.registry;
  try {
    registry = await fetchRegistry(window.location.search);
  } catch (err) {
    console.error('[shell] registry fetch failed; using the first-load registry', err);
  }
  const only = new URLSearchParams(window.location.search).get('only')?.split(',');
  const registered = registerFromRegistry(registry, { bus, timeoutMs: first.config.remoteTimeoutMs, only });
  for (const r of REGIONS) if (!registered.includes(r.remote) && !only) showNotice(r.remote);
  start({ urlRerouteOnly: true });
}

void main();
