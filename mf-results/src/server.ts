import { createServerRender } from '@cfs/remote-kit';
import { ResultsGrid } from './components/ResultsGrid';

/** The region's server render: the same component as the browser mount, from the first-load state. */
export const render = createServerRender({ name: 'mf-results', version: __REMOTE_VERSION__, App: ResultsGrid });
