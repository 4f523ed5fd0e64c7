import { createLifecycles } from '@cfs/remote-kit';
import { ShowcaseApp } from './components/ShowcaseApp';

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'mf-showcase',
  version: __REMOTE_VERSION__,
  App: ShowcaseApp,
  hydration: 'transition',
});
