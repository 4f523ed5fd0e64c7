import type { Awaiting, Bus } from '@cfs/contracts';
import { isFirstLoadSearch } from '@cfs/bus';
import { positionKey, readPosition } from '../rules/position';
import { impressionObserver, LISTING_ATTR } from '../rules/impressions';
import { END_MORE_ATTR } from '../rules/markup';

/**
 * The results region before the shopper reaches into it. Its server HTML is the first paint and
 * works as it is (a card's links are plain links; a button pressed meanwhile is pressed again once
 * the region has hydrated), so the region's React code waits for the shopper (the shell's
 * 'reached' hydration): a phone's first load carries none of it. What cannot wait runs here, on
 * the server HTML, with no React:
 * - listing impressions (page-furniture §7): each listing cell half on screen is counted once, as
 *   the hydrated grid counts (hooks/use-impressions.ts); the grid, once hydrated, does not count
 *   again what was counted here for the same search (`countedBeforeHydration`);
 * - Back to a search whose position was remembered (hooks/use-position-memory.ts): the grid must
 *   load as many listings again and scroll to the card, so the region is wanted at once.
 * - A section after the last page whose first paint holds only its first cards (END_MORE_ATTR):
 *   the region is wanted as the shopper scrolls towards the last of them (once they have begun to
 *   scroll), so the rest is rendered by the time it is reached.
 */
export const awaiting: Awaiting = ({ bus, domElement, wake }) => {
  if (backToRememberedPosition()) {
    wake();
    return () => {};
  }
  const stopCounting = countImpressions(bus, domElement);
  const stopWatching = wakeNearCutEnd(domElement, wake);
  return () => {
    stopCounting();
    stopWatching();
  };
};

/**
 * How near the viewport the last card of a cut end-of-results list asks for the region's code:
 * within two screen heights below it (IntersectionObserver rootMargin), so the rest is rendered by
 * the time the shopper has scrolled to it.
 */
const END_MORE_MARGIN = '0px 0px 200% 0px';

/**
 * Wakes the region once the shopper has scrolled and the last card of a cut end-of-results list is
 * within END_MORE_MARGIN of the viewport. Not at load, though it may be near then (a desktop
 * screen): until the shopper scrolls, the first paint is all they see, and the region's code waits
 * for them as it does for the rest of the grid (a press reaches into it anyway).
 */
function wakeNearCutEnd(root: HTMLElement, wake: () => void): () => void {
  const lasts = [...root.querySelectorAll(`[${END_MORE_ATTR}]`)].map((list) => list.lastElementChild).filter((el) => el !== null);
  if (!lasts.length || typeof IntersectionObserver === 'undefined') return () => {};
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      wake();
    },
    { rootMargin: END_MORE_MARGIN },
  );
  const scrolled = () => {
    window.removeEventListener('scroll', scrolled);
    for (const el of lasts) io.observe(el);
  };
  window.addEventListener('scroll', scrolled, { passive: true });
  return () => {
    window.removeEventListener('scroll', scrolled);
    io.disconnect();
  };
}

/** Listing ids counted before the grid hydrated, for the first load's search. */
export const countedBeforeHydration = new Set<string>();

/** The ids to count no more in the grid's first search once it has hydrated. */
export function alreadyCounted(bus: Pick<Bus, 'getState'>): ReadonlySet<string> {
  return isFirstLoadSearch(bus) ? countedBeforeHydration : new Set();
}

function countImpressions(bus: Bus, root: HTMLElement): () => void {
  // A search since the first load: its cards are the hydrated grid's to count.
  const io = impressionObserver(bus, () => countedBeforeHydration, { counting: () => isFirstLoadSearch(bus) });
  if (!io) return () => {};
  for (const el of root.querySelectorAll(`[${LISTING_ATTR}]`)) io.observe(el);
  return () => io.disconnect();
}

function backToRememberedPosition(): boolean {
  try {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return nav?.type === 'back_forward' && readPosition(sessionStorage, positionKey(location.pathname, location.search)) !== null;
  } catch {
    return false;
  }
}
