import { createLifecycles } from '@cfs/remote-kit';
import { AlertsApp } from './components/AlertsApp';

// Hydrated in time slices; what is typed or chosen before it commits is handed over then (remote-kit).
export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'mf-alerts',
  version: __REMOTE_VERSION__,
  App: AlertsApp,
  hydration: 'transition',
});
