import { createLifecycles } from '@cfs/remote-kit';
import { AlertsApp } from './components/AlertsApp';

export const { bootstrap, mount, unmount } = createLifecycles({ name: 'mf-alerts', version: __REMOTE_VERSION__, App: AlertsApp });
