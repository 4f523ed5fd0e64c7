import { useRef, useState } from 'react';
import { MESSAGES, type SearchQuery, type SortBy } from '@cfs/contracts';
import { useBus } from '@cfs/remote-kit';
import { saveSearch } from '../rules/saved-searches';
import { afterSave } from '../rules/saved-search-state';
import { searchTitle } from '../rules/search-title';
import { createAccountUrl, currentUrl, searchString } from '../rules/sign-in';
import { TEXT } from '../rules/texts';
import type { Message } from '../rules/messages';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'refused' | 'error';

/** The serialized search a saved search stores (paging values left out). */
export function saveKey(query: SearchQuery, defaultSort?: SortBy): string {
  return searchString(query, defaultSort);
}

/**
 * Saving a search for a signed-in user: POST /account-api/savedsearches, then the saved state and
 * the bus savedSearch slice; a refusal (409) shows the maximum-saved message with a create-account
 * link. The outcome belongs to the search it was made for (keyed by its serialized query).
 */
export function useSaveFlow(onMessage: (m: Message | null) => void) {
  const bus = useBus();
  const [save, setSave] = useState<{ key: string; status: SaveStatus } | null>(null);
  const inFlight = useRef(false);

  async function run(query: SearchQuery) {
    const key = saveKey(query, bus.getState().search.defaultSort);
    if (inFlight.current) return;
    // Saved already (the shopper came back to this search): the button says so again.
    if (save?.key === key && save.status === 'saved') {
      bus.update('savedSearch', { status: 'saved' });
      return;
    }
    inFlight.current = true;
    const state = bus.getState();
    const title = searchTitle(query, state.search.result);
    setSave({ key, status: 'saving' });
    onMessage(null);
    bus.update('savedSearch', { status: 'saving', message: null });
    const outcome = await saveSearch({ saveSearchString: key, title });
    inFlight.current = false;
    setSave({ key, status: outcome });
    if (outcome === 'saved') {
      bus.update('savedSearch', afterSave(bus.getState().savedSearch, state.brand.brand, title));
      onMessage({ tone: 'success', text: TEXT.saved });
    } else if (outcome === 'refused') {
      bus.update('savedSearch', { status: 'refused', message: MESSAGES.maxSavedSearches });
      onMessage({
        tone: 'danger',
        text: MESSAGES.maxSavedSearches,
        link: { href: createAccountUrl(currentUrl(), bus.getState().session.signInPath), label: TEXT.createAccount },
      });
    } else {
      bus.update('savedSearch', { status: 'error', message: TEXT.saveFailed });
      onMessage({ tone: 'danger', text: TEXT.saveFailed });
    }
  }

  return { run };
}
