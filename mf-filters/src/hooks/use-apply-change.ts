import { useCallback } from 'react';
import type { SearchQuery } from '@cfs/contracts';
import { useBus } from '@cfs/remote-kit';
import { changeIgnoredWhileInFlight } from '../rules/in-flight';

export const SOURCE = 'mf-filters';

/**
 * The one way the panel changes the search. It reads the current query from the bus at the
 * moment of the change (not from a render), ignores the change while another is in flight, and
 * publishes 'filters:changed' with the full next query and paging reset. Returns whether the
 * change was published.
 *
 * Debounce: the panel has none to cancel: selects and the chips apply at once, and the ZIP
 * applies on Enter or 'Update' only. A later control that debounces must cancel its pending
 * timer before calling this (spec: any filter change cancels the pending debounce).
 */
export function useApplyChange(): (change: (q: SearchQuery) => SearchQuery) => boolean {
  const bus = useBus();
  return useCallback(
    (change) => {
      const { query, status } = bus.getState().search;
      if (changeIgnoredWhileInFlight(status)) return false;
      bus.publish('filters:changed', { query: change(query), source: SOURCE });
      return true;
    },
    [bus],
  );
}
