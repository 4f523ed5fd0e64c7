import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createBus, defaultFlags, initialState } from '@cfs/bus';
import type { Bus, FeatureFlags, SearchQuery, SearchResult, SearchSlice } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { FiltersApp } from '../src/components/FiltersApp';

export const RESULT: SearchResult = {
  listings: [],
  owners: [],
  totalResultCount: 1234,
  filters: {
    makeCode: {
      options: [
        { value: 'FORD', label: 'Ford', count: 120 },
        { value: 'TOYOTA', label: 'Toyota', count: 80 },
        { value: 'SAAB', label: 'Saab', count: 0 },
      ],
    },
    modelCode: {
      options: [
        { value: 'F150', label: 'F-150', count: 12 },
        { value: 'MUST', label: 'Mustang', count: 5 },
        { value: 'GT', label: 'GT', count: 0 },
      ],
    },
  },
};

export function makeBus(query: SearchQuery = {}, search: Partial<SearchSlice> = {}): Bus {
  const base = initialState().search;
  return createBus({ search: { ...base, query, result: RESULT, status: 'success', ...search } });
}

/** Renders the panel with a bus; `published` collects every filters:changed query. */
export function renderFilters(bus: Bus = makeBus()) {
  const published: SearchQuery[] = [];
  bus.on('filters:changed', ({ query }) => published.push(query));
  const view = render(
    <BusContext.Provider value={bus}>
      <FiltersApp />
    </BusContext.Provider>,
  );
  return { bus, published, ...view };
}

/**
 * Renders one control with a bus of its own (the search settled on `query`, the brand's flags
 * with `flags` over the defaults); `published` collects every filters:changed query. With
 * `settle`, a published query is put in force at once, as the shell does once its search settles.
 */
export function renderControl(
  ui: ReactElement,
  opts: { query?: SearchQuery; result?: SearchResult | null; flags?: Partial<FeatureFlags>; settle?: boolean; modal?: string } = {},
) {
  const bus: Bus = createBus({
    search: { ...initialState().search, query: opts.query ?? {}, result: opts.result ?? null, status: 'success' },
    brand: { brand: 'atc', flags: { ...defaultFlags(), ...opts.flags } },
    ...(opts.modal ? { modal: { open: opts.modal } } : {}),
  });
  const published: SearchQuery[] = [];
  bus.on('filters:changed', ({ query }) => {
    published.push(query);
    if (opts.settle) bus.update('search', { query, status: 'success' });
  });
  const view = render(<BusContext.Provider value={bus}>{ui}</BusContext.Provider>);
  return { bus, published, ...view };
}

/** A stand-in for the shell: applies a published query to the search slice as 'loading'. */
export function actLikeShell(bus: Bus) {
  return bus.on('filters:changed', ({ query }) => {
    bus.update('search', { query, status: 'loading', requestId: bus.getState().search.requestId + 1 });
  });
}

/** fetch answering every call with `status` (jsdom has no fetch). */
export function mockFetch(status: number) {
  const fn = jest.fn(async (_url: string) => ({
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Not Found',
    text: async () => (status === 200 ? '{"zip":"30301","valid":true}' : '{"error":"not found"}'),
  }));
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}
