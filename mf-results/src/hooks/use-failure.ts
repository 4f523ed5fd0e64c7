import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useBus } from '@cfs/remote-kit';

/** Which request failed while the search slice reads status 'error'. */
export type Failure = 'search' | 'load-more' | null;

/**
 * The search slice says only 'error'; the grid needs to know whether a new search failed (its
 * cards are stale: show the error notice instead) or a load-more failed (keep the cards: the spec
 * logs 'Error fetching more data' and clears the loading flag). The status before 'error' tells.
 */
export function useFailure(): Failure {
  const bus = useBus();
  const kind = useRef<Exclude<Failure, null>>('search');
  const subscribe = useCallback(
    (notify: () => void) =>
      bus.subscribe((state, previous) => {
        if (state.search.status === 'error' && previous.search.status !== 'error') {
          kind.current = previous.search.status === 'loading-more' ? 'load-more' : 'search';
        }
        notify();
      }),
    [bus],
  );
  const snapshot = () => (bus.getState().search.status === 'error' ? kind.current : null);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
