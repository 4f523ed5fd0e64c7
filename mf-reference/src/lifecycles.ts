import { createLifecycles } from '@cfs/remote-kit';
import { ReferenceApp } from './components/ReferenceApp';

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'mf-reference',
  version: __REMOTE_VERSION__,
  App: ReferenceApp,
  hydration: 'transition',
});
