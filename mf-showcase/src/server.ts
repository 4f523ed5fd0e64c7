import { createServerRender } from '@cfs/remote-kit';
import { ShowcaseApp } from './components/ShowcaseApp';
import { spotlightUrl } from './rules/spotlight';

/**
 * The region's server render: the same component as the browser mount. Its first paint needs the
 * premium spotlight, fetched through the gateway's route (and breaker) during the render.
 */
export const render = createServerRender({
  name: 'mf-showcase',
  version: __REMOTE_VERSION__,
  App: ShowcaseApp,
  load: async ({ state, get }) => {
    if (state.flags.premiumSpotlight) await get(spotlightUrl(state.query));
  },
});
