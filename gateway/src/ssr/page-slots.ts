import pLimit from 'p-limit';

/** How a page came by its turn to render: a slot, or going on without one after waiting `waitMs`. */
export type SlotOutcome = 'slot' | 'waited-out';

/**
 * Pages that render at once in one gateway process (SSR_PAGES_AT_ONCE), the others waiting their
 * turn in order of arrival. A page's work (its base search, its regions' renders and the answers
 * they ask for, the frame) is spread over the main thread and the isolates: with every page of a
 * busy moment at work together, each region's answers queue behind all the other pages' work, and
 * a region's deadline, which counts from its start, runs out while the render itself is short.
 * Taking pages in turn keeps the time from a region's start to its end its own: a page waits
 * before it begins (where nothing is counted against it), not in the middle.
 *
 * A page that has waited `waitMs` goes on without a slot, as every page would with no limit: the
 * wait never turns into an error or an unbounded queue. `atOnce` 0 is no limit.
 */
export function pageSlots(atOnce: number, waitMs: number, onTurn?: (outcome: SlotOutcome, waitedMs: number) => void) {
  if (!(atOnce > 0)) return <T>(render: () => Promise<T>): Promise<T> => render();
  const limit = pLimit(atOnce);
  return <T>(render: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const queuedAt = performance.now();
      let begun = false;
      const begin = (outcome: SlotOutcome) => {
        begun = true;
        onTurn?.(outcome, performance.now() - queuedAt);
        return render().then(resolve, reject);
      };
      const waited = setTimeout(() => void begin('waited-out'), waitMs);
      void limit(() => {
        // A page that went on without its slot no longer needs it: the next one takes it.
        if (begun) return Promise.resolve();
        clearTimeout(waited);
        return begin('slot');
      });
    });
}
