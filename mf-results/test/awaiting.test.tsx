import { act } from '@testing-library/react';
import { PAGE_EVENT_LIMITS, type Bus, type PageEvent } from '@cfs/contracts';
import { FakeIntersectionObserver } from '@cfs/test-kit';
import { awaiting, countedBeforeHydration } from '../src/awaiting';
import { IMPRESSION_THRESHOLD } from '../src/rules/impressions';
import { positionKey, writePosition } from '../src/rules/position';
import { busWith, renderGrid, result } from './fixtures';

const show = (pick: (el: Element) => boolean, ratio = 1) => FakeIntersectionObserver.show(pick, ratio, IMPRESSION_THRESHOLD);

function pageEvents(bus: Bus): PageEvent[] {
  const out: PageEvent[] = [];
  bus.on('shell:page-event', (e) => out.push(e));
  return out;
}

/** The region's server HTML as the page carries it, before any code: its listing cells. */
function serverCells(ids: string[]): HTMLElement {
  const root = document.createElement('section');
  root.innerHTML = `<ul>${ids.map((id, i) => `<li data-cell="${i}" data-listing="${id}"><a href="/l/${id}">${id}</a></li>`).join('')}</ul>`;
  document.body.append(root);
  return root;
}

/** The page's navigation entry as the browser gives it (jsdom has none). */
function navigation(type: string) {
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (t: string) => (t === 'navigation' ? [{ type }] : []),
  });
}

beforeEach(() => {
  FakeIntersectionObserver.install();
  countedBeforeHydration.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  global.fetch = jest.fn() as unknown as typeof fetch;
});
afterEach(() => {
  FakeIntersectionObserver.uninstall();
  delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
});

describe('the results region before it hydrates (awaiting)', () => {
  it('counts the server-rendered cells half on screen, once each, in one event; nothing after a search has started', () => {
    const bus = busWith({ requestId: 0 });
    const events = pageEvents(bus);
    const wake = jest.fn();
    const stop = awaiting({ bus, domElement: serverCells(['a', 'b', 'c', 'd']), wake });

    act(() => show((el) => el.getAttribute('data-listing') === 'a', 0.3));
    expect(events).toEqual([]);
    act(() => show((el) => ['a', 'b'].includes(el.getAttribute('data-listing')!)));
    act(() => show((el) => el.getAttribute('data-listing') === 'a'));
    expect(events).toEqual([{ type: 'results:impression', listingIds: ['a', 'b'] }]);

    // A new search: its cards are the hydrated grid's to count.
    act(() => bus.update('search', { requestId: 1, status: 'loading' }));
    act(() => show(() => true));
    expect(events).toHaveLength(1);
    expect(wake).not.toHaveBeenCalled();
    stop();
    expect(FakeIntersectionObserver.all).toHaveLength(0);
  });

  it('splits a screenful of ids into events of at most the contract limit', () => {
    const bus = busWith({ requestId: 0 });
    const events = pageEvents(bus);
    const ids = Array.from({ length: PAGE_EVENT_LIMITS.impressionIds + 5 }, (_, i) => `id${i}`);
    awaiting({ bus, domElement: serverCells(ids), wake: jest.fn() });
    act(() => show(() => true));
    expect(events.map((e) => (e as { listingIds: string[] }).listingIds.length)).toEqual([PAGE_EVENT_LIMITS.impressionIds, 5]);
  });

  it('hands over to the hydrated grid: what it counted is not counted again for the same search', () => {
    const first = result(6, 6);
    const bus = busWith({ requestId: 0, result: first, query: { zip: '30301' } });
    const events = pageEvents(bus);
    const ids = first.listings.map((l) => l.id);
    const stop = awaiting({ bus, domElement: serverCells(ids.slice(0, 2)), wake: jest.fn() });
    act(() => show(() => true));
    expect(events).toEqual([{ type: 'results:impression', listingIds: ids.slice(0, 2) }]);
    stop();
    document.body.innerHTML = '';

    renderGrid(bus);
    act(() => show(() => true));
    expect(events).toEqual([
      { type: 'results:impression', listingIds: ids.slice(0, 2) },
      { type: 'results:impression', listingIds: ids.slice(2) },
    ]);
  });

  it('asks for the region at once when Back returns to a search whose position it remembered', () => {
    writePosition(sessionStorage, positionKey(location.pathname, location.search), { loaded: 50, cell: 31, offset: 120 });
    navigation('back_forward');
    const wake = jest.fn();
    awaiting({ bus: busWith({ requestId: 0 }), domElement: serverCells(['a']), wake });
    expect(wake).toHaveBeenCalledTimes(1);
    expect(FakeIntersectionObserver.all).toHaveLength(0);
  });

  it('waits for the shopper on a fresh visit, and on Back to a search it remembers nothing of', () => {
    for (const type of ['navigate', 'back_forward']) {
      navigation(type);
      const wake = jest.fn();
      awaiting({ bus: busWith({ requestId: 0 }), domElement: serverCells(['a']), wake })();
      expect(wake).not.toHaveBeenCalled();
    }
  });
});
