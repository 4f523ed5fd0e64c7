import { fetchRegionCode } from './code-hints';
import { nextTask } from './next-task';

// The page arrives server-rendered and paints before any of the shell's work: the shell starts
// once the page has loaded (its above-the-fold images included), or at the shopper's first
// touch, key or focus if that comes sooner; then the regions hydrate in place.
// The regions' code is asked for at that moment too, beside the shell's own chunks (code-hints.ts).
// The import is also the async boundary: shared modules (react, the bus) are negotiated first.
const EARLY_INPUT = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

function whenToStart(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      window.removeEventListener('load', go);
      for (const type of EARLY_INPUT) window.removeEventListener(type, go, true);
      setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') return go();
    window.addEventListener('load', go, { once: true });
    for (const type of EARLY_INPUT) window.addEventListener(type, go, { once: true, capture: true, passive: true });
  });
}

whenToStart()
  .then(() => {
    fetchRegionCode();
    return nextTask();
  })
  .then(() => import('./bootstrap'))
  .catch((err) => console.error('[shell] failed to start', err));
