import { createLifecycles } from '@cfs/remote-kit';
import { CompareDrawer } from './CompareDrawer';

export const { bootstrap, mount, unmount } = createLifecycles({ name: 'mf-compare', App: CompareDrawer });
