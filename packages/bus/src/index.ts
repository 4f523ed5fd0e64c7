/**
 * The page bus: one zustand vanilla store with the shared slices, and a typed intent channel.
 * The shell creates it and hands it to every remote; the module is a federated singleton, so the
 * page holds exactly one copy of it (see packages/mf-build/shared.js).
 */
import { createStore } from 'zustand/vanilla';
import type { Bus, BusEventName, BusEvents, SharedState } from '@cfs/contracts';
import { FEATURE_FLAGS, SORT_VALUES, type FeatureFlags, type FirstLoadState, type SortBy } from '@cfs/contracts';

export function defaultFlags(value = true): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, value])) as FeatureFlags;
}

export function initialState(overrides: Partial<SharedState> = {}): SharedState {
  return {
    search: { query: {}, result: null, status: 'idle', requestId: 0, error: null },
    session: { signedIn: false, leadProfile: null },
    compare: { items: [], open: false },
    savedSearch: { titles: [], count: 0, subscribedEmail: null, status: 'idle', message: null },
    brand: { brand: 'atc', flags: defaultFlags() },
    modal: { open: null },
    ...overrides,
  };
}

/** The configured default sort of the page, when it is a sort value of the spec. */
function configuredSort(value: unknown): SortBy | undefined {
  return (SORT_VALUES as readonly unknown[]).includes(value) ? (value as SortBy) : undefined;
}

/** The vehicles of the first-load browsing history (strings only) and when it was fetched. */
function historyOf(h: NonNullable<FirstLoadState['browsingHistory']>): { vins: string[]; fetchedAt: number; consumerId?: string } {
  const vins = Array.isArray(h.vins) ? h.vins.filter((v): v is string => typeof v === 'string') : [];
  return {
    vins,
    fetchedAt: typeof h.fetchedAt === 'number' ? h.fetchedAt : 0,
    ...(typeof h.consumerId === 'string' && h.consumerId ? { consumerId: h.consumerId } : {}),
  };
}

/**
 * The bus state a page starts with, from its first-load state. The shell seeds the page's bus
 * with it and every region's server render seeds its own with it, so hydration starts from the
 * same state on both sides. The search slice carries the default sort in force (the configured
 * reading), which a query without sortBy is searched and shown with.
 */
export function stateFromFirstLoad(first: FirstLoadState): Partial<SharedState> {
  const defaultSort = configuredSort(first.config?.defaultSort);
  return {
    brand: {
      brand: first.brand,
      flags: first.flags,
      ...(typeof first.config?.showcaseCellWidth === 'number' ? { layout: { showcaseCellWidth: first.config.showcaseCellWidth } } : {}),
    },
    session: {
      signedIn: first.signedIn,
      leadProfile: null,
      signInPath: first.config.signInPath,
      ...(first.browsingHistory ? { browsingHistory: historyOf(first.browsingHistory) } : {}),
      ...(first.emailSubscribe === 'closed' || first.emailSubscribe === 'subscribed' ? { emailSubscribe: first.emailSubscribe } : {}),
      ...(typeof first.lastInventoryView === 'number' ? { lastInventoryView: first.lastInventoryView } : {}),
    },
    search: {
      query: first.query,
      result: first.result,
      status: first.result ? 'success' : 'idle',
      requestId: FIRST_LOAD_REQUEST_ID,
      error: first.searchError,
      ...(defaultSort ? { defaultSort } : {}),
    },
  };
}

/** The search id of the first-load state: the search the server rendered every region for. */
export const FIRST_LOAD_REQUEST_ID = 0;

/** Whether the bus still holds the search of the first load (no search started since). */
export function isFirstLoadSearch(bus: Pick<Bus, 'getState'>): boolean {
  return bus.getState().search.requestId === FIRST_LOAD_REQUEST_ID;
}

let created = 0;

/** How many buses this module has created (the page test expects exactly one). */
export function busCount(): number {
  return created;
}

type Handler = (payload: never) => void;

export function createBus(overrides: Partial<SharedState> = {}): Bus {
  created += 1;
  const id = `bus-${created}-${Math.random().toString(36).slice(2, 8)}`;
  const store = createStore<SharedState>()(() => initialState(overrides));
  const handlers = new Map<BusEventName, Set<Handler>>();

  const bus: Bus = {
    id,
    store,
    getState: store.getState,
    subscribe: store.subscribe,
    update(slice, patch) {
      store.setState((s) => ({ ...s, [slice]: { ...s[slice], ...patch } }));
    },
    publish<E extends BusEventName>(name: E, payload: BusEvents[E]) {
      const set = handlers.get(name);
      if (!set) return;
      for (const h of [...set]) {
        try {
          (h as (p: BusEvents[E]) => void)(payload);
        } catch (err) {
          // One failing subscriber (often another team's) must not stop the others.
          console.error(`[bus] handler for ${name} failed`, err);
        }
      }
    },
    on<E extends BusEventName>(name: E, handler: (payload: BusEvents[E]) => void) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler as Handler);
      return () => {
        set.delete(handler as Handler);
      };
    },
  };
  if (typeof window !== 'undefined') {
    const w = window as unknown as { __CFS_BUSES__?: string[] };
    (w.__CFS_BUSES__ ??= []).push(id);
  }
  return bus;
}
