import { render } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext, useBus, useShared } from '@cfs/remote-kit';
import { MESSAGES, type Brand, type SearchQuery, type SearchResult } from '@cfs/contracts';
import { listing, result } from '@cfs/test-kit';
import { AlertsApp } from '../src/components/AlertsApp';

/** A search result of one Ford F-150 (the shared fixture listing). */
export function fordResult(): SearchResult {
  return result([listing(1)]);
}

export const FORD_QUERY: SearchQuery = { zip: '30301', listingType: ['USED'], makeCode: ['FORD'], modelCode: ['F150'], firstRecord: 24 };

/**
 * A stand-in for the 'Save Search' button of the filter panel's 'Your Search' card: it publishes
 * the intent this region runs, and says what the bus's savedSearch status says.
 */
export function SaveSearchButton() {
  const bus = useBus();
  const query = useShared((s) => s.search.query);
  const status = useShared((s) => s.savedSearch.status);
  const busy = status === 'saved' || status === 'saving';
  return (
    <button type="button" aria-disabled={busy || undefined} onClick={() => !busy && bus.publish('alerts:save-search', { query })}>
      {status === 'saved' ? MESSAGES.searchSaved : MESSAGES.saveSearch}
    </button>
  );
}

type SetupOptions = { signedIn?: boolean; brand?: Brand; query?: SearchQuery; subscribedEmail?: string | null };

/** The region's tree on a bus of the given session and search. */
export function alertsTree(opts: SetupOptions = {}) {
  const bus = createBus({
    brand: { brand: opts.brand ?? 'atc', flags: defaultFlags() },
    session: { signedIn: opts.signedIn ?? false, leadProfile: null },
    search: { query: opts.query ?? FORD_QUERY, result: fordResult(), status: 'success', requestId: 1, error: null },
    savedSearch: { titles: [], count: 1, subscribedEmail: opts.subscribedEmail ?? null, status: 'idle', message: null },
  });
  return {
    bus,
    element: (
      <BusContext.Provider value={bus}>
        <SaveSearchButton />
        <AlertsApp />
      </BusContext.Provider>
    ),
  };
}

export function setup(opts: SetupOptions = {}) {
  const { bus, element } = alertsTree(opts);
  const view = render(element);
  return { bus, ...view };
}
