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

const FIRST = () => true;

/**
 * The pointers pressed on the page now, watched from the capture phase of the document from the
 * moment this module runs in a browser, so before any region it hydrates sees the press.
 */
const pressed = new Set<number>();
const pressesEnd = new Set<() => void>();
if (typeof document !== 'undefined') {
  const release = (id?: number) => {
    if (id === undefined) pressed.clear();
    else if (!pressed.delete(id)) return;
    // After the click the release makes, in the same task: the press has reached its target.
    if (!pressed.size) setTimeout(() => pressesEnd.forEach((notify) => notify()));
  };
  document.addEventListener('pointerdown', (e) => pressed.add(e.pointerId), true);
  document.addEventListener('pointerup', (e) => release(e.pointerId), true);
  document.addEventListener('pointercancel', (e) => release(e.pointerId), true);
  // A pointer released outside the window tells nothing: the window losing focus ends every press
  // (its own blur, not an element's: a press moves the focus between elements).
  window.addEventListener('blur', (e) => e.target === window && release());
}

function onPressesEnd(notify: () => void) {
  pressesEnd.add(notify);
  return () => void pressesEnd.delete(notify);
}

/**
 * True on the server's render and on the browser's render that hydrates it, false on every other
 * render: a part the first paint leaves out (remote-kit's server HTML is that paint) is added the
 * render after hydration, and a region mounted in the browser alone renders it at once. Not while
 * the shopper holds a pointer down, though: a press can hydrate the region, and what is added
 * above the pressed element would move it from under the pointer before its release, and the
 * click would land elsewhere. Then the part is added once every pointer is released and the
 * click has gone to its target. Once added, it stays (false from then on).
 */
export function useFirstPaint(): boolean {
  const added = useRef(false);
  const later = useCallback(() => !added.current && pressed.size > 0, []);
  const first = useSyncExternalStore(onPressesEnd, later, FIRST);
  useLayoutEffect(() => {
    if (!first) added.current = true;
  }, [first]);
  return first;
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
