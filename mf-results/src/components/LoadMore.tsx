import { MESSAGES } from '@cfs/contracts';

interface Props {
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
}

/**
 * 'See More Results' (page-furniture §4 "Load more"). While the next page loads the button stays
 * in place (aria-disabled, so keyboard focus is not lost) and 'Loading more results...' is
 * announced. Infinite scroll (after the first load-more, when its flag is on) comes later and
 * will replace the button with an in-view trigger here.
 */
export function LoadMore({ loading, failed, onLoadMore }: Props) {
  return (
    <div className="res-more">
      <button
        type="button"
        className="res-more-button"
        aria-disabled={loading || undefined}
        aria-controls="results-list"
        onClick={() => {
          if (!loading) onLoadMore();
        }}
      >
        {MESSAGES.seeMoreResults}
      </button>
      <p className="res-more-status" role="status">
        {loading ? MESSAGES.loadingMore : failed ? LOAD_MORE_FAILED : ''}
      </p>
    </div>
  );
}

/**
 * The spec only logs a failed load-more ('Error fetching more data') and clears the loading
 * flag; it does not show what the shopper sees. We say so briefly and keep the button to retry.
 */
export const LOAD_MORE_FAILED = 'More results could not be loaded. Please try again.';
