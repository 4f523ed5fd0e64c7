import { createLifecycles } from '@cfs/remote-kit';
import { ResultsRegion } from './components/ResultsRegion';

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'mf-results',
  version: __REMOTE_VERSION__,
  App: ResultsRegion,
  hydration: 'transition',
});

// Loaded before the mount when the server HTML shows what follows the last page (lifecycles.ts).
export { loadEndOfResults } from './components/LazyEndOfResults';
