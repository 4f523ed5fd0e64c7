import { MESSAGES } from '@cfs/contracts';
import { Button } from '@cfs/remote-kit';

/**
 * A new search failed (status 'error' after 'loading'): the cards on screen belong to the old
 * query, so the grid shows the spec's error text instead. 'Please try again' reloads the page,
 * as the spec's error screen does; the shell has already put the failed query in the URL.
 */
export function SearchError({ reload = () => window.location.reload() }: { reload?: () => void }) {
  return (
    <div className="res-error" role="alert">
      <p className="res-error-text">{MESSAGES.searchError}</p>
      <Button className="res-error-retry" variant="primary" onClick={reload}>
        {MESSAGES.tryAgain}
      </Button>
    </div>
  );
}
