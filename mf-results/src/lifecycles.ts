import { createLifecycles } from '@cfs/remote-kit';
import { ResultsGrid } from './components/ResultsGrid';

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'mf-results',
  version: __REMOTE_VERSION__,
  App: ResultsGrid,
  hydration: 'transition',
});
