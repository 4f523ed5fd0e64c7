import { useKeptWhile } from '@cfs/remote-kit';

/**
 * `value` as it was when the search last settled, for as long as a new search loads: the old
 * cards stay on screen, dimmed, until the new answer (ResultsList), so what places and measures
 * them (the tier listings, the grid window's search key) stays too. Nothing is laid out, measured
 * or re-rendered twice for a search, and the new search's tier answers are asked for meanwhile.
 */
export function useKeptWhileLoading<T>(value: T, loading: boolean): T {
  return useKeptWhile(value, () => loading);
}
