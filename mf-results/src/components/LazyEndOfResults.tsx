import { lazy, Suspense, type ComponentProps } from 'react';
import type { EndOfResults as EndOfResultsComponent } from './EndOfResults';
// Its stylesheet stays with the region's (inline in the page): a server-rendered end of results is
// styled before this code arrives.
import './end-of-results.css';

type Module = { default: typeof EndOfResultsComponent };

let loaded: Module | null = null;

/** Loads what follows the last page; resolved, the component renders at once (the server's render). */
export function loadEndOfResults(): Promise<Module> {
  return import(/* webpackChunkName: "end-of-results" */ './EndOfResults').then((m) => (loaded = { default: m.EndOfResults }));
}

/**
 * What follows the last page of a search (EndOfResults), as code of its own: most searches have
 * more than a page, so a first load does without it. Once loaded (the server render loads it in
 * its load step when the first page is the last), it renders without suspending: React takes a
 * thenable that has already answered at once.
 */
const EndOfResults = lazy(() =>
  loaded ? ({ then: (done: (m: Module) => void) => done(loaded!) } as unknown as Promise<Module>) : loadEndOfResults(),
);

export function LazyEndOfResults(props: ComponentProps<typeof EndOfResultsComponent>) {
  return (
    <Suspense fallback={null}>
      <EndOfResults {...props} />
    </Suspense>
  );
}
