import { fetchRegionCode } from './code-hints';
import { nextTask } from './next-task';

// The shell's scripts are added to the page by its start script (start.ts), once the page has
// painted from its server HTML; then the regions hydrate in place. The regions' code hints are
// put in at that moment (a page without a start script gets them here), beside the shell's chunks.
// The import is also the async boundary: shared modules (react, the bus) are negotiated first.
fetchRegionCode();
nextTask()
  .then(() => import('./bootstrap'))
  .catch((err) => console.error('[shell] failed to start', err));
