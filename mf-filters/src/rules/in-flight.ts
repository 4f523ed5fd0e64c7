import type { RequestStatus } from '@cfs/contracts';

/**
 * Spec (page-furniture §4, Filter panel): "A second change is ignored while one is in flight."
 * A filter change is in flight from the moment the shell starts its search (status 'loading')
 * until the answer settles. Loading more results ('loading-more') is not a filter change, so it
 * does not block one (the shell aborts the append when a new search starts).
 */
export function changeIgnoredWhileInFlight(status: RequestStatus): boolean {
  return status === 'loading';
}
