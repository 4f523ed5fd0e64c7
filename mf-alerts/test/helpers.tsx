import { render } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import type { Brand, Listing, SearchQuery, SearchResult } from '@cfs/contracts';
import { AlertsApp } from '../src/AlertsApp';

export function answer(body: unknown, status = 200) {
  return { ok: status >= 200 && status < 300, status, statusText: String(status), text: async () => (body === undefined ? '' : JSON.stringify(body)) };
}

export function fordResult(): SearchResult {
  const l = {
    id: '1',
    make: { code: 'FORD', name: 'Ford' },
    model: { code: 'F150', name: 'F-150' },
  } as Listing;
  return { listings: [l], owners: [], totalResultCount: 1 };
}

export const FORD_QUERY: SearchQuery = { zip: '30301', listingType: ['USED'], makeCode: ['FORD'], modelCode: ['F150'], firstRecord: 24 };

export function setup(opts: { signedIn?: boolean; brand?: Brand; query?: SearchQuery; subscribedEmail?: string | null } = {}) {
  const bus = createBus({
    brand: { brand: opts.brand ?? 'atc', flags: defaultFlags() },
    session: { signedIn: opts.signedIn ?? false, leadProfile: null },
    search: { query: opts.query ?? FORD_QUERY, result: fordResult(), status: 'success', requestId: 1, error: null },
    savedSearch: { titles: [], count: 1, subscribedEmail: opts.subscribedEmail ?? null, status: 'idle', message: null },
  });
  const view = render(
    <BusContext.Provider value={bus}>
      <AlertsApp />
    </BusContext.Provider>,
  );
  return { bus, ...view };
}
