import { useEffect, useState } from 'react';
import { api } from '@cfs/remote-kit';
import type { SearchQuery, SearchResult } from '@cfs/contracts';
import { spotlightUrl } from './spotlight';

export type SpotlightState =
  | { status: 'idle' | 'loading' | 'error'; result: null }
  | { status: 'ready'; result: SearchResult };

/**
 * Fetches the premium spotlight for the current search query; a new query aborts the previous
 * request, so an older answer never replaces a newer one.
 */
export function useSpotlight(query: SearchQuery, enabled: boolean): SpotlightState {
  const url = spotlightUrl(query);
  const [state, setState] = useState<SpotlightState>({ status: 'idle', result: null });

  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    setState({ status: 'loading', result: null });
    api<SearchResult>(url, { signal: ctrl.signal }).then(
      (result) => {
        if (!ctrl.signal.aborted) setState({ status: 'ready', result });
      },
      () => {
        if (!ctrl.signal.aborted) setState({ status: 'error', result: null });
      },
    );
    return () => ctrl.abort();
  }, [url, enabled]);

  return state;
}
