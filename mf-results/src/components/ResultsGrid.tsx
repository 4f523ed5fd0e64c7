import { useEffect, useId, useMemo, useRef } from 'react';
import { brandVariant, MESSAGES, type RequestStatus, type PageSearchResult } from '@cfs/contracts';
import { usePublish, useShared } from '@cfs/remote-kit';
import { blocksReached, LOAD_MORE_PAGE_SIZE } from '@cfs/search-query';
import { LoadMore } from './LoadMore';
import { ResultsList } from './ResultsList';
import { SearchError } from './SearchError';
import { NoResultsRescue } from './NoResultsRescue';
import { LazyEndOfResults } from './LazyEndOfResults';
import { hasMoreResults, isNoResults, nextFirstRecord, placeholderCount } from '../rules/grid';
import { buildSlots, shownListingIds } from '../rules/slots';
import { useFailure, type Failure } from '../hooks/use-failure';
import { useFocusNewCards } from '../hooks/use-focus-new-cards';
import { useTierListings } from '../hooks/use-tier-listings';
import { useKeptWhileLoading } from '../hooks/use-kept-while-loading';
import { useLazyListings, usePageRefresh } from '../hooks/use-page-refresh';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { usePositionMemory } from '../hooks/use-position-memory';
import './results.css';

/** Heading of the grid for screen readers (the shell's hero shows the results count). */
export const GRID_HEADING = 'Vehicle listings';

export type GridView = 'error' | 'no-results' | 'listings';

export function gridView(status: RequestStatus, failure: Failure, result: PageSearchResult | null): GridView {
  if (failure === 'search') return 'error';
  // While a search loads, show the old cards dimmed, or placeholder tiles when there are none.
  if (status === 'loading') return 'listings';
  return isNoResults(result) ? 'no-results' : 'listings';
}

/** The listings of the blocks whose tier answers are in (a later block's wait, as placeholders). */
function shownResult(result: PageSearchResult | null, readyBlocks: number): PageSearchResult | null {
  if (!result) return null;
  const ready = readyBlocks * LOAD_MORE_PAGE_SIZE;
  return result.listings.length <= ready ? result : { ...result, listings: result.listings.slice(0, ready) };
}

export function ResultsGrid() {
  const search = useShared((s) => s.search);
  const compareOn = useShared((s) => s.brand.flags?.compare === true);
  const compareItems = useShared((s) => s.compare.items);
  const flags = useShared((s) => s.brand.flags);
  const ads = useShared((s) => brandVariant(s.brand.brand).adSlots);
  const failure = useFailure();
  const publish = usePublish();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const { result, status, query } = search;
  const loaded = result?.listings.length ?? 0;
  const loading = status === 'loading';
  const { tiers, readyBlocks } = useKeptWhileLoading(useTierListings(blocksReached(loaded)), loading);
  const cardsKey = useKeptWhileLoading(query, loading);
  const shown = useMemo(() => shownResult(result, readyBlocks), [result, readyBlocks]);
  const pageSize = query.numRecords;
  const slots = useMemo(() => buildSlots(shown, tiers, { pageSize, flags, ads }), [shown, tiers, pageSize, flags, ads]);
  // Every listing the grid shows, tiers included, so the end-of-results sections repeat none.
  const shownIds = useMemo(() => shownListingIds(slots), [slots]);
  const view = gridView(status, failure, result);
  const expectNewCards = useFocusNewCards(listRef, slots.length, status);
  const refresh = usePageRefresh();
  const lazy = useLazyListings(query);
  const scroll = useInfiniteScroll(query, status, flags?.infiniteScroll !== false);
  const position = usePositionMemory(listRef, query, loaded, status);
  // The remembered card's cell as the grid now places it (tier cells may have moved it).
  const target = useMemo(() => {
    const t = position.target;
    if (!t?.listing) return t;
    const at = slots.findIndex((s) => s.kind === 'listing' && s.listing.id === t.listing);
    return at >= 0 ? { cell: at, offset: t.offset } : t;
  }, [position.target, slots]);

  useEffect(() => {
    // Load more fails: logged as 'Error fetching more data' (page-furniture §8).
    if (failure === 'load-more') console.error(`[mf-results] ${MESSAGES.loadMoreError}`, search.error);
  }, [failure, search.error]);

  const loadMore = (by: 'button' | 'scroll') => {
    if (!result || status === 'loading-more' || !hasMoreResults(result)) return;
    if (by === 'button') expectNewCards(slots.length);
    scroll.requested(by);
    publish('results:load-more', { firstRecord: nextFirstRecord(result) });
  };

  const waiting = loaded - (shown?.listings.length ?? 0);
  return (
    <div className="res-root" ref={rootRef}>
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
          rootRef={rootRef}
          headingId={headingId}
          slots={slots}
          status={status}
          placeholders={placeholderCount(status, result, slots.length, waiting)}
          compareOn={compareOn}
          compareItems={compareItems}
          flags={flags}
          trimSignal={scroll.pagesScrolled}
          refresh={refresh}
          searchKey={cardsKey}
          lazy={lazy}
          target={target}
          onTarget={position.restored}
        />
      )}
      {view === 'listings' && status !== 'loading' && hasMoreResults(result) && (
        <LoadMore
          loading={status === 'loading-more'}
          failed={failure === 'load-more'}
          infinite={scroll.infinite}
          onLoadMore={loadMore}
          again={`${slots.length}:${refresh}`}
        />
      )}
      {view === 'listings' && status === 'success' && !hasMoreResults(result) && <LazyEndOfResults shownIds={shownIds} />}
    </div>
  );
}
