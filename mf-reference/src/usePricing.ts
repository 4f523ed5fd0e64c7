import { useEffect, useState } from 'react';
import { api } from '@cfs/remote-kit';
import { pricingUrl, readPricing, type PricingAnswer } from './pricing';

export type PricingState =
  | { status: 'loading'; data: null }
  | { status: 'error'; data: null }
  | { status: 'ready'; data: PricingAnswer };

/** Fetches pricing for the selected make and model; a change of either aborts the previous request. */
export function usePricing(makeCode: string, modelCode: string): PricingState {
  const url = pricingUrl(makeCode, modelCode);
  const [state, setState] = useState<PricingState>({ status: 'loading', data: null });

  useEffect(() => {
    const ctrl = new AbortController();
    setState({ status: 'loading', data: null });
    api<unknown>(url, { signal: ctrl.signal }).then(
      (body) => {
        if (!ctrl.signal.aborted) setState({ status: 'ready', data: readPricing(body) });
      },
      () => {
        if (!ctrl.signal.aborted) setState({ status: 'error', data: null });
      },
    );
    return () => ctrl.abort();
  }, [url]);

  return state;
}
