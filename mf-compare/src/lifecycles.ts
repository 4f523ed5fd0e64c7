import { createLifecycles } from '@cfs/remote-kit';
import { CompareDrawer } from './components/CompareDrawer';

export const { bootstrap, mount, unmount } = createLifecycles({ name: 'mf-compare', version: __REMOTE_VERSION__, App: CompareDrawer });
