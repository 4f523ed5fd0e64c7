import { createServerRender } from '@cfs/remote-kit';
import { stateFromFirstLoad } from '@cfs/bus';
import { FiltersApp } from './components/FiltersApp';
import { rescueCall } from './components/ZeroResultsRescue';

/**
 * The region's server render: the same component as the browser mount, from the first-load
 * state; a search that found nothing asks the relaxation call first, so the first paint offers
 * its rescues (ZeroResultsRescue) without the panel's code.
 */
export const render = createServerRender({
  name: 'mf-filters',
  version: __REMOTE_VERSION__,
  App: FiltersApp,
  async load({ state, get }) {
    const search = stateFromFirstLoad(state).search;
    const url = search ? rescueCall(search, new Date().getFullYear()) : null;
    if (url) await get(url);
  },
});
