import { useEffect, useId, useMemo, useRef } from 'react';
import { MESSAGES, type RequestStatus, type SearchResult } from '@cfs/contracts';
import { usePublish, useShared } from '@cfs/remote-kit';
import { LoadMore } from './LoadMore';
import { ResultsList } from './ResultsList';
import { SearchError } from './SearchError';
import { NoResultsRescue } from './NoResultsRescue';
import { EndOfResults } from './EndOfResults';
import { hasMoreResults, isNoResults, LOADING_PLACEHOLDERS, nextFirstRecord } from '../rules/grid';
import { buildSlots } from '../rules/slots';
import { useFailure, type Failure } from '../hooks/use-failure';
import { useFocusNewCards } from '../hooks/use-focus-new-cards';
import { useTierListings } from '../hooks/use-tier-listings';
import './results.css';

/** Heading of the grid for screen readers (the shell's hero shows the results count). */
export const GRID_HEADING = 'Vehicle listings';

export type GridView = 'error' | 'no-results' | 'listings';

export function gridView(status: RequestStatus, failure: Failure, result: SearchResult | null): GridView {
  if (failure === 'search') return 'error';
  // While a search loads, show the old cards dimmed, or placeholder tiles when there are none.
  if (status === 'loading') return 'listings';
  return isNoResults(result) ? 'no-results' : 'listings';
}

/** How many placeholder tiles to append: 25 while a search loads, at most what remains while paging. */
function placeholderCount(status: RequestStatus, result: SearchResult | null, cells: number): number {
  if (status === 'loading' && cells === 0) return LOADING_PLACEHOLDERS;
  if (status === 'loading-more' && result) {
    return Math.max(0, Math.min(LOADING_PLACEHOLDERS, result.totalResultCount - result.listings.length));
  }
  return 0;
}

export function ResultsGrid() {
  const search = useShared((s) => s.search);
  const compareOn = useShared((s) => s.brand.flags?.compare === true);
  const compareItems = useShared((s) => s.compare.items);
  const flags = useShared((s) => s.brand.flags);
  const failure = useFailure();
  const publish = usePublish();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  const { result, status } = search;
  const tiers = useTierListings();
  const pageSize = search.query.numRecords;
  const slots = useMemo(() => buildSlots(result, tiers, { pageSize, flags }), [result, tiers, pageSize, flags]);
  const view = gridView(status, failure, result);
  const expectNewCards = useFocusNewCards(listRef, slots.length, status);

  useEffect(() => {
    // Load more fails: logged as 'Error fetching more data' (page-furniture §8).
    if (failure === 'load-more') console.error(`[mf-results] ${MESSAGES.loadMoreError}`, search.error);
  }, [failure, search.error]);

  const loadMore = () => {
    if (!result) return;
    expectNewCards(slots.length);
    publish('results:load-more', { firstRecord: nextFirstRecord(result) });
  };

  return (
    <div className="res-root">
      <h2 id={headingId} className="res-sr-only">
        {GRID_HEADING}
      </h2>
      <div className="res-status" role="status">
        {view === 'no-results' && <p className="res-empty">{MESSAGES.noResults}</p>}
        {status === 'loading' && <span className="res-sr-only">Loading results</span>}
      </div>
      {view === 'no-results' && status === 'success' && <NoResultsRescue />}
      {view === 'error' && <SearchError />}
      {view === 'listings' && (
        <ResultsList
          listRef={listRef}
          headingId={headingId}
          slots={slots}
          status={status}
          placeholders={placeholderCount(status, result, slots.length)}
          compareOn={compareOn}
          compareItems={compareItems}
          flags={flags}
        />
      )}
      {view === 'listings' && status !== 'loading' && hasMoreResults(result) && (
        <LoadMore loading={status === 'loading-more'} failed={failure === 'load-more'} onLoadMore={loadMore} />
      )}
      {view === 'listings' && status === 'success' && !hasMoreResults(result) && <EndOfResults />}
    </div>
  );
}
