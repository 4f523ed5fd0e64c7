import type { LifecycleProps } from '@cfs/remote-kit';
import { END_OF_RESULTS_CLASS } from './rules/markup';

/**
 * The region's lifecycles module. Its React part (app-lifecycles.ts) loads with the first mount:
 * the shell loads this module with the page for `awaiting` (awaiting/), which needs no React, and
 * mounts the region when the shopper reaches into it.
 */
const app = () => import(/* webpackChunkName: "results-app" */ './app-lifecycles');

export async function bootstrap(): Promise<void> {}

/**
 * Mounts the region. When its server HTML shows what follows the last page (EndOfResults' root,
 * whose code is a chunk of its own), that code is loaded first too, so the whole region hydrates
 * at once: what the shopper pressed there before (a form sent, pressed again once the region has
 * mounted) meets a hydrated form, not the server's.
 */
export async function mount(props: LifecycleProps): Promise<void> {
  const lifecycles = await app();
  if (props.domElement.querySelector(`.${END_OF_RESULTS_CLASS}`)) await lifecycles.loadEndOfResults();
  return lifecycles.mount(props);
}

export async function unmount(props: LifecycleProps): Promise<void> {
  return (await app()).unmount(props);
}

export { awaiting } from './awaiting';
