import { createServerRender } from '@cfs/remote-kit';
import { AlertsApp } from './components/AlertsApp';

/** The region's server render: the same component as the browser mount, from the first-load state. */
export const render = createServerRender({ name: 'mf-alerts', version: __REMOTE_VERSION__, App: AlertsApp });
