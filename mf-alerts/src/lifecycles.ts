import { createLifecycles } from '@cfs/remote-kit';
import { AlertsApp } from './AlertsApp';

export const { bootstrap, mount, unmount } = createLifecycles({ name: 'mf-alerts', App: AlertsApp });
