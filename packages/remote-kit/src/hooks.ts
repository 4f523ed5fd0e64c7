import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { Bus, BusEventName, BusEvents, SharedState } from '@cfs/contracts';

export const BusContext = createContext<Bus | null>(null);

export function useBus(): Bus {
  const bus = useContext(BusContext);
  if (!bus) throw new Error('useBus must be used inside a remote mounted with a bus');
  return bus;
}

/**
 * Reads shared state; the selector must return a stable reference (a slice or a primitive).
 * Hydration reads the state the bus was created with (the first-load state the server rendered
 * from), as zustand's own hook does; React's store hook is used directly, so a page loads no
 * code of zustand's React bindings.
 */
export function useShared<T>(selector: (s: SharedState) => T): T {
  const { store } = useBus();
  const read = useCallback(() => selector(store.getState()), [store, selector]);
  const readFirst = useCallback(() => selector(store.getInitialState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, read, readFirst);
}

const NO_CHANGE = () => () => {};
const LATER = () => false;
const FIRST = () => true;

/**
 * True on the server's render and on the browser's render that hydrates it, false on every other
 * render: a part the first paint leaves out (remote-kit's server HTML is that paint) is added the
 * render after hydration, and a region mounted in the browser alone renders it at once.
 */
export function useFirstPaint(): boolean {
  return useSyncExternalStore(NO_CHANGE, LATER, FIRST);
}

export function usePublish() {
  const bus = useBus();
  return <E extends BusEventName>(name: E, payload: BusEvents[E]) => bus.publish(name, payload);
}

/** Subscribes to an intent for the component's lifetime; the latest handler is always called. */
export function useSubscribe<E extends BusEventName>(name: E, handler: (payload: BusEvents[E]) => void) {
  const bus = useBus();
  const ref = useRef(handler);
  // Updated at commit, before any passive effect (which may publish) runs: not during render.
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => bus.on(name, (p) => ref.current(p)), [bus, name]);
}
