import { useRef } from 'react';
import type { SearchQuery, SearchSlice } from '@cfs/contracts';

/**
 * The query the current result answers. While a new search is loading, the slice already holds
 * the new query but still the old result (and so the old facet options).
 */
export function useSettledQuery(search: SearchSlice): SearchQuery {
  const settled = useRef(search.query);
  if (search.status !== 'loading') settled.current = search.query;
  return settled.current;
}
