import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { MESSAGES, PAGE_EVENT_LIMITS, type Bus, type PageEvent } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { IMPRESSION_THRESHOLD, useImpressions } from '../src/hooks/use-impressions';
import { LoadMore } from '../src/components/LoadMore';
import { busWith, renderGrid, result } from './fixtures';
import { FakeIntersectionObserver } from '@cfs/test-kit';

/** The impression observer, driven by the test: which cells came into view, and how far. */
const FakeObserver = {
  show: (pick: (el: Element) => boolean, ratio = 1) => FakeIntersectionObserver.show(pick, ratio, IMPRESSION_THRESHOLD),
};

function pageEvents(bus: Bus): PageEvent[] {
  const out: PageEvent[] = [];
  bus.on('shell:page-event', (e) => out.push(e));
  return out;
}

const cellOf = (id: string) => (el: Element) => el.getAttribute('data-listing') === id;

beforeEach(() => {
  FakeIntersectionObserver.install();
  global.fetch = jest.fn() as unknown as typeof fetch;
});
afterEach(() => FakeIntersectionObserver.uninstall());

describe('listing impressions', () => {
  it('counts each listing cell of the grid once per search, when half of it is in view, the cells seen together in one event', () => {
    const bus = busWith({ result: result(6, 6), query: { zip: '30301' } });
    const events = pageEvents(bus);
    renderGrid(bus);
    const ids = [...document.querySelectorAll('[data-listing]')].map((el) => el.getAttribute('data-listing')!);
    expect(ids).toHaveLength(6);

    act(() => FakeObserver.show(cellOf(ids[0]), 0.2));
    expect(events).toEqual([]);
    act(() => FakeObserver.show((el) => ids.slice(0, 3).includes(el.getAttribute('data-listing')!)));
    act(() => FakeObserver.show(cellOf(ids[1])));
    expect(events).toEqual([{ type: 'results:impression', listingIds: ids.slice(0, 3) }]);

    // Seen again in the same search: not counted; a new search counts it again.
    act(() => FakeObserver.show(() => true));
    expect(events[1]).toEqual({ type: 'results:impression', listingIds: ids.slice(3) });
    act(() => bus.update('search', { query: { zip: '10001' }, result: result(6, 6), requestId: 2 }));
    act(() => FakeObserver.show(cellOf(ids[0])));
    expect(events).toHaveLength(3);
    expect(events[2]).toEqual({ type: 'results:impression', listingIds: [ids[0]] });
  });

  it('counts nothing while a new search loads (the old cards stay, dimmed)', () => {
    const bus = busWith({ result: result(3, 3), status: 'loading' });
    const events = pageEvents(bus);
    renderGrid(bus);
    act(() => FakeObserver.show(() => true));
    expect(events).toEqual([]);
  });

  it('splits many listings seen at once into events of at most the limit of ids', () => {
    const count = PAGE_EVENT_LIMITS.impressionIds + 5;
    function Cells() {
      const ref = useRef<HTMLUListElement>(null);
      useImpressions(ref, 'q', count, true);
      return (
        <ul ref={ref}>
          {Array.from({ length: count }, (_, i) => (
            <li key={i} data-listing={`L${i}`} />
          ))}
        </ul>
      );
    }
    const bus = busWith();
    const events = pageEvents(bus);
    render(
      <BusContext.Provider value={bus}>
        <Cells />
      </BusContext.Provider>,
    );
    act(() => FakeObserver.show(() => true));
    expect(events.map((e) => (e.type === 'results:impression' ? e.listingIds.length : 0))).toEqual([PAGE_EVENT_LIMITS.impressionIds, 5]);
  });
});

describe('load-more page events', () => {
  it("reports 'See More Results' with the first record it asks from", async () => {
    const bus = busWith({ result: result(24, 1000) });
    const events = pageEvents(bus);
    const onLoadMore = jest.fn();
    render(
      <BusContext.Provider value={bus}>
        <LoadMore loading={false} failed={false} infinite={false} onLoadMore={onLoadMore} again={0} />
      </BusContext.Provider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    expect(onLoadMore).toHaveBeenCalledWith('button');
    expect(events).toEqual([{ type: 'results:load-more', firstRecord: 24, by: 'button' }]);
  });

  it('reports nothing while a page is already loading', async () => {
    const bus = busWith({ result: result(24, 1000), status: 'loading-more' });
    const events = pageEvents(bus);
    render(
      <BusContext.Provider value={bus}>
        <LoadMore loading={false} failed={false} infinite={false} onLoadMore={() => {}} again={0} />
      </BusContext.Provider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    expect(events).toEqual([]);
  });
});
