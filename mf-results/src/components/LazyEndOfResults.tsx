import { lazy, Suspense, useState, type ComponentProps } from 'react';
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

/**
 * Its code already loaded when it first renders (the server render's load step; the mount of a
 * region whose server HTML shows it, lifecycles.ts), it renders as it is, in the same pass as the
 * rest of the region: a Suspense boundary hydrates in a later pass, and a form of it sent before
 * then (pressed again once the region has mounted) would be sent by the browser. Decided once per
 * instance, so a later render never swaps its tree (and the shopper's input) for another.
 */
export function LazyEndOfResults(props: ComponentProps<typeof EndOfResultsComponent>) {
  const [ready] = useState(() => loaded);
  if (ready) return <ready.default {...props} />;
  return (
    <Suspense fallback={null}>
      <EndOfResults {...props} />
    </Suspense>
  );
}
