import { createServerRender } from '@cfs/remote-kit';
import { ReferenceApp } from './components/ReferenceApp';
import { pricingUrl } from './rules/pricing';
import { selectedModel } from './rules/selected-model';

/**
 * The region's server render: the same component as the browser mount. For a make-and-model page
 * its first paint needs the model's pricing, fetched through the gateway's route during the render.
 */
export const render = createServerRender({
  name: 'mf-reference',
  version: __REMOTE_VERSION__,
  App: ReferenceApp,
  load: async ({ state, get }) => {
    const model = selectedModel(state.query, state.result);
    if (model) await get(pricingUrl(model.makeCode, model.modelCode));
  },
});
