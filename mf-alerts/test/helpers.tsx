import { render } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import type { Brand, SearchQuery, SearchResult } from '@cfs/contracts';
import { listing, result } from '@cfs/test-kit';
import { AlertsApp } from '../src/components/AlertsApp';

/** A search result of one Ford F-150 (the shared fixture listing). */
export function fordResult(): SearchResult {
  return result([listing(1)]);
}

export const FORD_QUERY: SearchQuery = { zip: '30301', listingType: ['USED'], makeCode: ['FORD'], modelCode: ['F150'], firstRecord: 24 };

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
