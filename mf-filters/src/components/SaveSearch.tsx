import { createContext, useContext } from 'react';
import { MESSAGES, type SearchQuery } from '@cfs/contracts';
import { useBus, useShared, Button } from '@cfs/remote-kit';

/** Closes the small-screen sheet the panel is in (null: the docked panel). */
export const CloseSheet = createContext<(() => void) | null>(null);

/**
 * 'Save Search' in the 'Your Search' card (page-furniture §2). Saving belongs to the alerts remote
 * (search-results §4: the inline email form for a signed-out shopper, sign-in first, the save
 * itself, its messages): a click publishes its 'alerts:save-search' intent with this search (the
 * shell wakes that region with it), and the button follows the save on the bus (savedSearch
 * status: 'Search Saved' once this search is saved; unavailable while saving). In the small-screen
 * sheet the sheet closes first, so what the alerts region shows next is reachable.
 */
export function SaveSearch({ query }: { query: SearchQuery }) {
  const bus = useBus();
  const status = useShared((s) => s.savedSearch.status);
  const closeSheet = useContext(CloseSheet);
  const saved = status === 'saved';
  const busy = saved || status === 'saving';
  return (
    <Button
      className="flt-save"
      aria-disabled={busy || undefined}
      onClick={() => {
        if (busy) return;
        closeSheet?.();
        bus.publish('alerts:save-search', { query });
      }}
    >
      {saved ? MESSAGES.searchSaved : MESSAGES.saveSearch}
    </Button>
  );
}
