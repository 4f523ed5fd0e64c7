import { useEffect, useState } from 'react';

/**
 * True once `on` has held for `ms` milliseconds, false again as soon as it stops. The state
 * changes only then: an `on` that ends sooner changes nothing on the page (no render, no style).
 * False on the server and in the first render.
 */
export function useAfterDelay(on: boolean, ms: number): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setAfter(true), ms);
    return () => {
      clearTimeout(timer);
      setAfter(false);
    };
  }, [on, ms]);
  return on && after;
}
