/**
 * Brings in the page-level ads' code (fixed-ad.ts, its own chunk) when an ad could show: at the
 * shopper's first scroll (the fixed bar appears past 10 % of the page), or when the footer ad's
 * box comes within a screen of the viewport (a short page shows it without a scroll). A page
 * nobody scrolls loads no ad code. The shell's first-load script carries only this.
 */
import { MESSAGES } from '@cfs/contracts';
import { FOOTER_AD_BOX_ID } from './footer-box';

/** designed: where the browser cannot watch the footer's box, the ads load this long after the call. */
const FALLBACK_MS = 4000;

export function loadAdsLater(config: unknown, win: Window = window): void {
  let started = false;
  let io: IntersectionObserver | null = null;
  const go = () => {
    if (started) return;
    started = true;
    win.removeEventListener('scroll', go);
    io?.disconnect();
    import(/* webpackChunkName: "fixed-ad" */ './fixed-ad')
      .then((m) => m.startAds({ config, win }))
      .catch((err: unknown) => console.error(MESSAGES.fixedAdFailed, err));
  };
  win.addEventListener('scroll', go, { passive: true });
  const box = win.document.getElementById(FOOTER_AD_BOX_ID);
  const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  if (box && typeof Observer === 'function') {
    io = new Observer((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '100% 0px' });
    io.observe(box);
  } else win.setTimeout(go, FALLBACK_MS);
}
