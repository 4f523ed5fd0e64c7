import { act, render } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { LIMITS, type PageEvent } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { listing } from '@cfs/test-kit';
import { CompareDrawer } from '../src/components/CompareDrawer';

/** IntersectionObserver as the browser gives it; a test says how much of the drawer is in view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  takeRecords() {
    return [];
  }
  static show(ratio: number) {
    for (const o of [...FakeObserver.all]) {
      const entries = [...o.observed].map(
        (target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as unknown as IntersectionObserverEntry,
      );
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}

beforeEach(() => {
  sessionStorage.clear();
  FakeObserver.all = [];
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
});
afterEach(() => {
  delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('the compare drawer seen (page-furniture §9: 0.9)', () => {
  it('reports the listings it holds once 90 % of it is in view, once per set of listings', () => {
    const bus = createBus();
    const events: PageEvent[] = [];
    bus.on('shell:page-event', (e) => events.push(e as PageEvent));
    render(
      <BusContext.Provider value={bus}>
        <CompareDrawer />
      </BusContext.Provider>,
    );
    // Nothing to compare: no drawer, nothing observed.
    expect(FakeObserver.all).toHaveLength(0);

    act(() => bus.publish('compare:add', { listing: listing('a') }));
    expect(FakeObserver.all[0].options.threshold).toBe(LIMITS.compareDrawerVisibility);
    act(() => FakeObserver.show(0.5));
    expect(events).toEqual([]);
    act(() => FakeObserver.show(0.95));
    expect(events).toEqual([{ type: 'compare:drawer-view', listingIds: ['a'] }]);
    // Seen already with this set: not again.
    act(() => FakeObserver.show(1));
    expect(events).toHaveLength(1);

    // Another set is seen again.
    act(() => bus.publish('compare:add', { listing: listing('b') }));
    act(() => FakeObserver.show(0.9));
    expect(events.at(-1)).toEqual({ type: 'compare:drawer-view', listingIds: ['a', 'b'] });
    expect(events).toHaveLength(2);
  });
});
