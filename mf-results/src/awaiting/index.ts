import type { Awaiting, Bus } from '@cfs/contracts';
import { isFirstLoadSearch } from '@cfs/bus';
import { positionKey, readPosition } from '../rules/position';
import { impressionObserver, LISTING_ATTR } from '../rules/impressions';

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
 */
export const awaiting: Awaiting = ({ bus, domElement, wake }) => {
  if (backToRememberedPosition()) {
    wake();
    return () => {};
  }
  return countImpressions(bus, domElement);
};

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
