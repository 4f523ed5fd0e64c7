import type { BusEventName, BusEvents, SharedState } from './bus';

export type Unsubscribe = () => void;

/** The page bus: a zustand vanilla store plus a typed intent channel. */
export interface Bus {
  readonly id: string;
  getState(): SharedState;
  /** Shallow-merges a patch into one slice. */
  update<S extends keyof SharedState>(slice: S, patch: Partial<SharedState[S]>): void;
  subscribe(listener: (state: SharedState, previous: SharedState) => void): Unsubscribe;
  publish<E extends BusEventName>(name: E, payload: BusEvents[E]): void;
  on<E extends BusEventName>(name: E, handler: (payload: BusEvents[E]) => void): Unsubscribe;
  /** The underlying zustand store, for `useStore(bus.store, selector)`. */
  readonly store: import('zustand/vanilla').StoreApi<SharedState>;
}
