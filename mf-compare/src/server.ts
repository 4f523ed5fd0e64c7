import { createServerRender } from '@cfs/remote-kit';
import { CompareDrawer } from './components/CompareDrawer';

/** The region's server render: the same component as the browser mount, from the first-load state. */
export const render = createServerRender({ name: 'mf-compare', version: __REMOTE_VERSION__, App: CompareDrawer });
