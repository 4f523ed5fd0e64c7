/**
 * An in-page jump that stays where it landed. The page below the hero keeps changing height for a
 * moment after load (the results grid measures rows it had only estimated, regions hydrate, images
 * and ads take their boxes): a target scrolled to then drifts off screen. After the jump, while
 * the shopper does nothing, each change of the page's layout that moves the target brings it back
 * to where the jump put it (the top, below the page's scroll padding); the first sign of the shopper's own scrolling (wheel, touch, a key, a pointer
 * press), a quiet spell, or a limit ends it.
 */
const QUIET_MS = 1500;
const LIMIT_MS = 8000;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function holdInView(target: Element, doc: Document = document, opts: { quietMs?: number; limitMs?: number } = {}): () => void {
  const view = doc.defaultView;
  if (!view || typeof view.ResizeObserver !== 'function') return () => undefined;
  const quietMs = opts.quietMs ?? QUIET_MS;
  const root = doc.documentElement;
  // Where the jump puts the target: at the top, below the page's scroll padding (the sticky hero's
  // height, which may itself change as the hero sticks) and the target's own scroll margin.
  const place = () =>
    (parseFloat(view.getComputedStyle(root).scrollPaddingTop) || 0) + (parseFloat(view.getComputedStyle(target).scrollMarginTop) || 0);
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const replace = () => {
    if (Math.abs(target.getBoundingClientRect().top - place()) >= 1) target.scrollIntoView({ block: 'start' });
  };
  // A layout change moves the target, and restarts the quiet spell.
  const settle = () => {
    replace();
    if (quiet) clearTimeout(quiet);
    quiet = setTimeout(stop, quietMs);
  };
  // So does a scroll the page itself makes meanwhile (a region keeping its own content in place
  // as it lays out); it does not restart the quiet spell, so a scroll by the shopper that sends no
  // input event first (dragging the scroll bar) is held for at most that spell.
  view.addEventListener('scroll', replace, { passive: true });
  const observer = new view.ResizeObserver(settle);
  // The page's height, and each region's: growth above the target moves it.
  observer.observe(doc.body);
  for (const region of doc.querySelectorAll('[data-region]')) observer.observe(region);
  const limit = setTimeout(stop, opts.limitMs ?? LIMIT_MS);
  quiet = setTimeout(stop, quietMs);
  for (const type of USER_INPUT) view.addEventListener(type, stop, { capture: true, passive: true });
  function stop() {
    observer.disconnect();
    view!.removeEventListener('scroll', replace);
    clearTimeout(limit);
    if (quiet) clearTimeout(quiet);
    for (const type of USER_INPUT) view!.removeEventListener(type, stop, { capture: true });
  }
  return stop;
}
