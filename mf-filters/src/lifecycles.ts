import { createLifecycles } from '@cfs/remote-kit';
import { FiltersApp } from './components/FiltersApp';

export const { bootstrap, mount, unmount } = createLifecycles({ name: 'mf-filters', version: __REMOTE_VERSION__, App: FiltersApp });
