import { act, render } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { LIMITS, type PageEvent } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { FakeIntersectionObserver, listing } from '@cfs/test-kit';
import { CompareDrawer } from '../src/components/CompareDrawer';

/** The drawer's observer, driven by the test: how much of the drawer is in view. */
const show = (ratio: number) => FakeIntersectionObserver.show(() => true, ratio);

beforeEach(() => {
  sessionStorage.clear();
  FakeIntersectionObserver.install();
});
afterEach(() => FakeIntersectionObserver.uninstall());

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
    expect(FakeIntersectionObserver.all).toHaveLength(0);

    act(() => bus.publish('compare:add', { listing: listing('a') }));
    expect(FakeIntersectionObserver.all[0].options.threshold).toBe(LIMITS.compareDrawerVisibility);
    act(() => show(0.5));
    expect(events).toEqual([]);
    act(() => show(0.95));
    expect(events).toEqual([{ type: 'compare:drawer-view', listingIds: ['a'] }]);
    // Seen already with this set: not again.
    act(() => show(1));
    expect(events).toHaveLength(1);

    // Another set is seen again.
    act(() => bus.publish('compare:add', { listing: listing('b') }));
    act(() => show(0.9));
    expect(events.at(-1)).toEqual({ type: 'compare:drawer-view', listingIds: ['a', 'b'] });
    expect(events).toHaveLength(2);
  });
});
