import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RegionData } from '@cfs/contracts';
import { api } from '@cfs/remote-kit/dom';

/**
 * What a region's server render fetched from the gateway (@cfs/contracts' RegionData), keyed by
 * the URL it asked for. The server render records every answer (or its failure) there; the page
 * carries it beside the region's HTML, and the browser's first render reads the same answers, so
 * hydration sees exactly what the server saw and asks the gateway for nothing twice.
 */
export type { RegionData };

export const RegionDataContext = createContext<RegionData>({});

export type GatewayData<T> = { status: 'loading'; data: null } | { status: 'error'; data: null } | { status: 'ready'; data: T };

function fromRegion<T>(entry: RegionData[string] | undefined, read: (body: unknown) => T): GatewayData<T> | null {
  if (!entry) return null;
  if (!entry.ok) return { status: 'error', data: null };
  try {
    return { status: 'ready', data: read(entry.body) };
  } catch {
    return { status: 'error', data: null };
  }
}

const identity = <T,>(body: unknown) => body as T;

/**
 * A GET from the gateway for the component's current URL (null: nothing to fetch). The first
 * render takes the answer the server render recorded for that URL; later URLs are fetched, and a
 * newer URL aborts the older request, so an older answer never replaces a newer one.
 * `priority: 'low'` for reads that can wait (one per card): the browser gives its connections to
 * the page's other requests first, a new search among them.
 */
export function useGatewayData<T>(
  url: string | null,
  read: (body: unknown) => T = identity,
  options: { priority?: 'low' | 'auto' } = {},
): GatewayData<T> {
  const priority = options.priority ?? 'auto';
  const region = useContext(RegionDataContext);
  const readRef = useRef(read);
  // The latest reader, for answers that arrive later; updated at commit, not during render.
  useLayoutEffect(() => {
    readRef.current = read;
  });
  const [state, setState] = useState<{ url: string | null; value: GatewayData<T> }>(() => ({
    url,
    value: (url && fromRegion(region[url], read)) || { status: 'loading', data: null },
  }));
  const satisfied = useRef<string | null>(state.value.status === 'loading' ? null : url);

  useEffect(() => {
    if (!url || satisfied.current === url) return;
    satisfied.current = null;
    const ctrl = new AbortController();
    setState((s) => (s.url === url && s.value.status === 'loading' ? s : { url, value: { status: 'loading', data: null } }));
    // Asked one task later: a component mounted and let go in the same moment (the cards a list
    // trims right after it hydrates, StrictMode's trial mount) asks the gateway for nothing.
    const timer = setTimeout(() => {
      api<unknown>(url, { signal: ctrl.signal, priority }).then(
        (body) => {
          if (ctrl.signal.aborted) return;
          let value: GatewayData<T>;
          try {
            value = { status: 'ready', data: readRef.current(body) };
          } catch {
            value = { status: 'error', data: null };
          }
          satisfied.current = url;
          setState({ url, value });
        },
        () => {
          if (!ctrl.signal.aborted) setState({ url, value: { status: 'error', data: null } });
        },
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [url, priority]);

  // A URL change shows loading at once, before the effect runs.
  return state.url === url ? state.value : { status: 'loading', data: null };
}
