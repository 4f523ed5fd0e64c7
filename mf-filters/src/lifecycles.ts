import { createLifecycles } from '@cfs/remote-kit';
import { FiltersApp } from './components/FiltersApp';

// Hydrated in time slices; what is typed or chosen before it commits is handed over then (remote-kit).
export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'mf-filters',
  version: __REMOTE_VERSION__,
  App: FiltersApp,
  hydration: 'transition',
});
