import { useState } from 'react';
import type { SearchQuery, SearchSlice } from '@cfs/contracts';

/**
 * The query the current result answers. While a new search is loading, the slice already holds
 * the new query but still the old result (and so the old facet options).
 */
export function useSettledQuery(search: SearchSlice): SearchQuery {
  // State adjusted during render (React's pattern for a value kept from earlier renders).
  const [settled, setSettled] = useState(search.query);
  if (search.status === 'loading') return settled;
  if (settled !== search.query) setSettled(search.query);
  return search.query;
}
