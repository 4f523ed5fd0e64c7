import { createServerRender } from '@cfs/remote-kit';
import { FiltersApp } from './components/FiltersApp';

/** The region's server render: the same component as the browser mount, from the first-load state. */
export const render = createServerRender({ name: 'mf-filters', version: __REMOTE_VERSION__, App: FiltersApp });
