import { useRef } from 'react';
import { MESSAGES } from '@cfs/contracts';
import { Button, useBus } from '@cfs/remote-kit';
import { hasMoreResults, nextFirstRecord } from '../rules/grid';
import { useInView } from '../hooks/use-in-view';

interface Props {
  loading: boolean;
  failed: boolean;
  /** After the first 'See More Results', an in-view trigger loads the next pages. */
  infinite: boolean;
  onLoadMore: (by: 'button' | 'scroll') => void;
  /** Changes when the trigger is to be checked again (a page arrived, the view refreshed). */
  again: unknown;
}

/**
 * 'See More Results', then infinite scroll (page-furniture §4 "Load more"): the first page after
 * the server's comes with the button; from then on a trigger below the list loads the next page
 * as it comes within 1000 px of the viewport, up to the last result. While a page loads,
 * 'Loading more results...' is announced in a status region (and the button, while it shows,
 * stays in place, aria-disabled, so keyboard focus is not lost). A failed page brings the button
 * back, so the shopper retries. Each page asked for is a load-more page event (§7), with the
 * first record it asks from and how it was asked for.
 */
export function LoadMore({ loading, failed, infinite, onLoadMore, again }: Props) {
  const trigger = useRef<HTMLDivElement>(null);
  const bus = useBus();
  const auto = infinite && !failed;
  const more = (by: 'button' | 'scroll') => {
    // Read before the grid asks: the result the next page follows.
    const { result, status } = bus.getState().search;
    onLoadMore(by);
    if (result && status !== 'loading-more' && hasMoreResults(result)) {
      bus.publish('shell:page-event', { type: 'results:load-more', firstRecord: nextFirstRecord(result), by });
    }
  };
  useInView(trigger, auto && !loading, () => more('scroll'), again);
  return (
    <div className="res-more">
      {auto ? (
        <div ref={trigger} className="res-more-trigger" aria-hidden="true" />
      ) : (
        <Button
          className="res-more-button"
          variant="primary"
          aria-disabled={loading || undefined}
          aria-controls="results-list"
          onClick={() => {
            if (!loading) more('button');
          }}
        >
          {MESSAGES.seeMoreResults}
        </Button>
      )}
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
