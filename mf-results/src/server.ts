import { stateFromFirstLoad } from '@cfs/bus';
import { createServerRender } from '@cfs/remote-kit';
import { ResultsGrid } from './components/ResultsGrid';
import { allTierUrls, tierUrls } from './rules/tier-requests';

/**
 * The region's server render: the same component as the browser mount, from the first-load
 * state. Its first paint needs the tier listings (spotlights, boost, highlights), fetched through
 * the gateway's routes during the render; a failed call places no tier listing.
 */
export const render = createServerRender({
  name: 'mf-results',
  version: __REMOTE_VERSION__,
  App: ResultsGrid,
  load: async ({ state, get }) => {
    // The same state the browser's bus starts from, so both sides ask for the same URLs.
    const first = stateFromFirstLoad(state);
    const search = first.search as { query: typeof state.query; defaultSort?: string } | undefined;
    const urls = tierUrls(search?.query ?? {}, first.brand?.flags ?? {}, new Date().getFullYear(), search?.defaultSort);
    await Promise.allSettled(allTierUrls(urls).map((u) => get(u)));
  },
});
