import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@cfs/contracts';
import { answer } from '@cfs/test-kit';
import { LOAD_MORE_FAILED } from '../src/components/LoadMore';
import { IN_VIEW_ROOT_MARGIN, IN_VIEW_THRESHOLDS } from '../src/hooks/use-in-view';
import { busWith, listing, renderGrid, result } from './fixtures';

/** IntersectionObserver as the browser gives it, reporting when a test says the trigger is near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    // The in-view trigger's observers only: listing impressions have their own (impressions.test.tsx).
    if (options.rootMargin === IN_VIEW_ROOT_MARGIN) FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.observed = [];
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static inView() {
    for (const o of [...FakeObserver.all]) {
      const entries = o.observed.map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry);
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}

const fetchMock = jest.fn(async (_url: string) => answer({ listings: [], owners: [], totalResultCount: 0 }));

beforeEach(() => {
  FakeObserver.all = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

/** A bus whose load-more answers like the shell: loading-more, then `pages` listings appended. */
function pagingBus(first: number, total: number) {
  const bus = busWith({ result: result(first, total), query: { zip: '30301' } });
  const asked: number[] = [];
  bus.on('results:load-more', ({ firstRecord }) => {
    asked.push(firstRecord);
    bus.update('search', { status: 'loading-more' });
  });
  const arrive = (count: number) =>
    act(() => {
      const prev = bus.getState().search.result!;
      const more = Array.from({ length: count }, (_, i) => listing(prev.listings.length + i + 1));
      bus.update('search', { status: 'success', result: { ...prev, listings: [...prev.listings, ...more] } });
    });
  return { bus, asked, arrive };
}

describe('paging: See More Results, then infinite scroll', () => {
  it('first shows the button; after its page arrives an in-view trigger (1000 px, 0/0.1/0.5/1) loads the next page by itself', async () => {
    const user = userEvent.setup();
    const { bus, asked, arrive } = pagingBus(24, 1000);
    renderGrid(bus);
    // Before the first click nothing loads on scroll.
    act(() => FakeObserver.inView());
    expect(asked).toEqual([]);

    await user.click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    expect(asked).toEqual([24]);
    // Announced in a status region.
    expect(screen.getAllByRole('status').some((s) => s.textContent === MESSAGES.loadingMore)).toBe(true);
    arrive(30);

    expect(screen.queryByRole('button', { name: MESSAGES.seeMoreResults })).not.toBeInTheDocument();
    expect(FakeObserver.all).toHaveLength(1);
    expect(FakeObserver.all[0].options).toEqual({ rootMargin: IN_VIEW_ROOT_MARGIN, threshold: IN_VIEW_THRESHOLDS });
    expect(IN_VIEW_ROOT_MARGIN).toMatch(/^1000px/);
    expect(IN_VIEW_THRESHOLDS).toEqual([0, 0.1, 0.5, 1]);

    act(() => FakeObserver.inView());
    expect(asked).toEqual([24, 54]);
    expect(screen.getByRole('list', { name: 'Vehicle listings' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(MESSAGES.loadingMore)).toBeInTheDocument();
    // While a page loads the trigger asks for nothing more.
    act(() => FakeObserver.inView());
    expect(asked).toEqual([24, 54]);
    arrive(30);
    act(() => FakeObserver.inView());
    expect(asked).toEqual([24, 54, 84]);
  });

  it('stops at the last result', async () => {
    const user = userEvent.setup();
    const { bus, asked, arrive } = pagingBus(24, 54);
    renderGrid(bus);
    await user.click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    arrive(30);
    act(() => FakeObserver.inView());
    expect(asked).toEqual([24]);
    expect(FakeObserver.all).toHaveLength(0);
  });

  it('shows 25 placeholder tiles while a page loads, fewer when fewer remain', async () => {
    const many = pagingBus(24, 1000);
    const { unmount } = renderGrid(many.bus);
    act(() => many.bus.publish('results:load-more', { firstRecord: 24 }));
    const list = screen.getByRole('list', { name: 'Vehicle listings' });
    expect(list.querySelectorAll('.res-placeholder')).toHaveLength(25);
    many.arrive(30);
    // The new block's listings show once its tier answers are in.
    await waitFor(() => expect(list.querySelectorAll('.res-placeholder')).toHaveLength(0));
    expect(screen.getAllByRole('article')).toHaveLength(54);
    unmount();

    const few = pagingBus(24, 30);
    renderGrid(few.bus);
    act(() => few.bus.publish('results:load-more', { firstRecord: 24 }));
    expect(screen.getByRole('list', { name: 'Vehicle listings' }).querySelectorAll('.res-placeholder')).toHaveLength(6);
  });

  it('keeps the listings when an infinite-scroll page fails, logs the spec message, and brings the button back', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { bus, asked, arrive } = pagingBus(24, 1000);
    renderGrid(bus);
    await user.click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    arrive(30);
    const before = screen.getAllByRole('article').length;
    act(() => FakeObserver.inView());
    act(() => bus.update('search', { status: 'error', error: 'search answered 503' }));
    expect(screen.getAllByRole('article')).toHaveLength(before);
    expect(screen.getByRole('list', { name: 'Vehicle listings' })).not.toHaveAttribute('aria-busy');
    expect(screen.queryByText(MESSAGES.loadingMore)).not.toBeInTheDocument();
    expect(screen.getByText(LOAD_MORE_FAILED)).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith(expect.stringContaining(MESSAGES.loadMoreError), 'search answered 503');
    // Nothing loads by itself after a failure; the button retries.
    act(() => FakeObserver.inView());
    expect(asked).toEqual([24, 54]);
    await user.click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    expect(asked).toEqual([24, 54, 54]);
    spy.mockRestore();
  });

  it('asks each new block of 30 for its premium spotlights and fourth-tier listing (spotlightPage 2) and places them', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      answer(
        url.includes('premiumresults') && url.includes('spotlightPage=2')
          ? { listings: [listing('PREMIUM-2', { listingTier: 'spotlight' })], owners: [], totalResultCount: 1 }
          : { listings: [], owners: [], totalResultCount: 0 },
      ),
    );
    const user = userEvent.setup();
    const { bus, arrive } = pagingBus(24, 1000);
    renderGrid(bus);
    await user.click(screen.getByRole('button', { name: MESSAGES.seeMoreResults }));
    arrive(30);
    const card = await screen.findByRole('article', { name: /PREMIUM-2/ });
    expect(within(card).getByText('Sponsored')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([u]) => String(u));
    expect(asked.some((u) => u.includes('premiumresults') && u.includes('spotlightPage=2'))).toBe(true);
    expect(asked.some((u) => u.includes('listingTier=featured') && u.includes('spotlightPage=2'))).toBe(true);
    // The premium spotlight opens block 2: right after the first 30 listings (and the cells placed among them).
    const articles = screen.getAllByRole('article');
    const i = articles.indexOf(card);
    expect(articles[i - 1]).toHaveAccessibleName(/F150 XLT 30$/);
  });
});
