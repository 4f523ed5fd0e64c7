/**
 * Brings in the page-level ads' code (fixed-ad.ts, its own chunk) once the page is idle or at the
 * shopper's first scroll, whichever comes first: the shell's first-load script carries only this
 * (the rules and the ads' behaviour come with the chunk).
 */
import { MESSAGES } from '@cfs/contracts';

/** designed: the longest wait for an idle moment before the ads load anyway. */
const IDLE_TIMEOUT_MS = 4000;

export function loadAdsLater(config: unknown, win: Window = window): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    win.removeEventListener('scroll', go);
    import(/* webpackChunkName: "fixed-ad" */ './fixed-ad')
      .then((m) => m.startAds({ config, win }))
      .catch((err: unknown) => console.error(MESSAGES.fixedAdFailed, err));
  };
  win.addEventListener('scroll', go, { passive: true });
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
  else win.setTimeout(go, IDLE_TIMEOUT_MS);
}
