import { createBus, defaultFlags } from '@cfs/bus';
import type { SearchResult } from '@cfs/contracts';
import { defaultSort, isNormalised } from '@cfs/search-query';
import { createSearchController, HISTORY_AT_LATEST_MS } from '../src/search-controller';

function result(id: string): SearchResult {
  return {
    listings: [{ id } as unknown as SearchResult['listings'][number]],
    owners: [],
    totalResultCount: 1,
  };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function fakeWindow(path = '/cars-for-sale', search = '') {
  const listeners: Record<string, (e: object) => void> = {};
  const win = {
    location: { pathname: path, search },
    history: {
      entries: [] as string[],
      pushState(_s: unknown, _t: string, url: string) {
        this.entries.push(url);
        const u = new URL(url, 'http://x');
        win.location.pathname = u.pathname;
        win.location.search = u.search;
      },
    },
    addEventListener: (name: string, fn: (e: object) => void) => (listeners[name] = fn),
    removeEventListener: (name: string) => delete listeners[name],
    fire: (name: string, e: object = {}) => listeners[name]?.(e),
  };
  return win;
}

/** The history entry is written after the results are painted: a task later where nothing paints. */
const painted = () => new Promise((r) => setTimeout(r, 0));

const response = (body: SearchResult) => ({ ok: true, status: 200, json: async () => body }) as unknown as Response;

describe('search controller', () => {
  it('drops the answer to a superseded request (stale request rule)', async () => {
    const bus = createBus();
    const first = deferred<Response>();
    const second = deferred<Response>();
    const fetchImpl = jest.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const win = fakeWindow();
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: win as never });

    const a = c.search({ makeCode: ['FORD'] });
    const b = c.search({ makeCode: ['HONDA'] });
    second.resolve(response(result('honda-1')));
    await b;
    first.resolve(response(result('ford-1')));
    await a;

    expect(bus.getState().search.result?.listings[0].id).toBe('honda-1');
    expect(bus.getState().search.query.makeCode).toEqual(['HONDA']);
    // The first request was aborted when the second started.
    expect((fetchImpl.mock.calls[0][1] as RequestInit).signal?.aborted).toBe(true);
    c.stop();
  });

  it('asks for the search before it writes the history entry and before the state says loading', async () => {
    const bus = createBus();
    const order: string[] = [];
    const win = fakeWindow();
    const push = win.history.pushState.bind(win.history);
    win.history.pushState = (s: unknown, t: string, url: string) => {
      order.push('history');
      push(s, t, url);
    };
    bus.subscribe(() => {
      if (bus.getState().search.status === 'loading' && !order.includes('loading')) order.push('loading');
    });
    const fetchImpl = jest.fn(async () => {
      order.push('request');
      return response(result('x'));
    });
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: win as never });
    await c.search({ makeCode: ['FORD'] });
    await painted();
    expect(order).toEqual(['request', 'loading', 'history']);
    expect(win.history.entries[0]).toContain('makeCode=FORD');
    expect(bus.getState().search.status).toBe('success');
    c.stop();
  });

  it('answers a request that fails before it is sent with the error state', async () => {
    const bus = createBus();
    const fetchImpl = jest.fn(() => {
      throw new TypeError('Failed to fetch');
    });
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl: fetchImpl as never, win: fakeWindow() as never });
    await c.search({ makeCode: ['FORD'] });
    await painted();
    expect(bus.getState().search).toMatchObject({ status: 'error', error: 'Failed to fetch' });
    c.stop();
  });

  it('pushes only normalised URLs: on a make-and-model path the path values are not repeated', async () => {
    const bus = createBus();
    const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response(result('x')));
    const win = fakeWindow('/cars-for-sale/all/ford/f150');
    const c = createSearchController({ bus, pageSize: 24, brand: 'atc', fetchImpl, win: win as never });
    await c.search({ makeCode: ['FORD'], modelCode: ['F150'], keywordPhrases: "driver's seat", sortBy: 'derivedpriceASC' });
    await painted();
    const url = new URL(win.history.entries[0], 'http://cars.test');
    expect(url.pathname).toBe('/cars-for-sale/all/ford/f150');
    expect(url.search).not.toContain('makeCode');
    expect(url.search).toContain('keywordPhrases=driver%27s%20seat');
    expect(isNormalised(url.search, { brand: 'atc', currentYear: new Date().getFullYear() }, url.pathname)).toBe(true);
    c.stop();
  });

  it('pushes the normalised query to the URL with paging reset, and popstate restores it', async () => {
    const bus = createBus();
    const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response(result('x')));
    const win = fakeWindow();
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: win as never });
    await c.search({ makeCode: ['FORD'], zip: '30301-1234', firstRecord: 48 });
    await painted();
    const url = win.history.entries[0];
    expect(url).toMatch(/^\/cars-for-sale\?/);
    expect(url).toContain('makeCode=FORD');
    expect(url).toContain('zip=30301');
    expect(url).not.toContain('firstRecord');
    const calledUrl = String(fetchImpl.mock.calls[0][0]);
    expect(calledUrl).toContain('/rest/lsc/listing?');
    expect(calledUrl).toContain('numRecords=24');

    win.location.search = '';
    win.fire('popstate');
    await new Promise((r) => setTimeout(r, 0));
    expect(bus.getState().search.query.makeCode).toBeUndefined();
    c.stop();
  });

  it('writes the history entry once the new results are painted, not while the search is under way', async () => {
    const bus = createBus();
    const answer = deferred<Response>();
    const win = fakeWindow();
    const frames: (() => void)[] = [];
    const c = createSearchController({
      bus,
      pageSize: 24,
      brand: 'kbb',
      fetchImpl: () => answer.promise,
      win: { ...win, requestAnimationFrame: (cb: () => void) => frames.push(cb) } as never,
    });
    const running = c.search({ makeCode: ['FORD'] });
    await painted();
    expect(win.history.entries).toEqual([]);
    answer.resolve(response(result('ford-1')));
    await running;
    await painted();
    // Not before the frame that paints the results...
    expect(win.history.entries).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]();
    await painted();
    // ...and a task after it.
    expect(win.history.entries).toEqual(['/cars-for-sale?makeCode=FORD']);
    c.stop();
  });

  it(`writes the entry of a slow search after ${HISTORY_AT_LATEST_MS} ms, and only once`, async () => {
    jest.useFakeTimers();
    try {
      const bus = createBus();
      const answer = deferred<Response>();
      const win = fakeWindow();
      const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl: () => answer.promise, win: win as never });
      const running = c.search({ makeCode: ['FORD'] });
      jest.advanceTimersByTime(HISTORY_AT_LATEST_MS - 1);
      expect(win.history.entries).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(win.history.entries).toEqual(['/cars-for-sale?makeCode=FORD']);
      answer.resolve(response(result('ford-1')));
      await running;
      await jest.runAllTimersAsync();
      expect(win.history.entries).toEqual(['/cars-for-sale?makeCode=FORD']);
      c.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it("writes one entry per search, in order: a search started while the last one's entry waits writes that one first", async () => {
    const bus = createBus();
    const first = deferred<Response>();
    const fetchImpl = jest
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(response(result('honda-1')));
    const win = fakeWindow();
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: win as never });
    void c.search({ makeCode: ['FORD'] });
    await c.search({ makeCode: ['HONDA'] });
    await painted();
    expect(win.history.entries).toEqual(['/cars-for-sale?makeCode=FORD', '/cars-for-sale?makeCode=HONDA']);
    first.resolve(response(result('ford-1')));
    await painted();
    expect(win.history.entries).toHaveLength(2);
    c.stop();
  });

  it('a click or leaving the page while an entry waits writes it first', async () => {
    for (const event of ['click', 'pagehide']) {
      const bus = createBus();
      const answer = deferred<Response>();
      const win = fakeWindow();
      const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl: () => answer.promise, win: win as never });
      void c.search({ makeCode: ['FORD'] });
      expect(win.history.entries).toEqual([]);
      win.fire(event);
      expect(win.history.entries).toEqual(['/cars-for-sale?makeCode=FORD']);
      answer.resolve(response(result('ford-1')));
      await painted();
      await painted();
      expect(win.history.entries).toHaveLength(1);
      c.stop();
    }
  });

  it("drops a search's waiting entry when the shopper goes Back meanwhile", async () => {
    const bus = createBus();
    const answer = deferred<Response>();
    const fetchImpl = jest
      .fn()
      .mockReturnValueOnce(answer.promise)
      .mockResolvedValue(response(result('x')));
    const win = fakeWindow('/cars-for-sale', '?makeCode=TOYOTA');
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: win as never });
    void c.search({ makeCode: ['FORD'] });
    win.fire('popstate');
    answer.resolve(response(result('ford-1')));
    await painted();
    await painted();
    expect(win.history.entries).toEqual([]);
    expect(bus.getState().search.query.makeCode).toEqual(['TOYOTA']);
    c.stop();
  });

  it("sends a search once: the popstate single-spa dispatches after the search's pushState is not a Back", async () => {
    const bus = createBus();
    const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response(result('x')));
    const win = fakeWindow();
    // As single-spa's patched pushState does: the new URL, then a popstate marked as its own.
    const push = win.history.pushState.bind(win.history);
    win.history.pushState = (s: unknown, t: string, url: string) => {
      push(s, t, url);
      win.fire('popstate', { singleSpa: true });
    };
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: win as never });
    await c.search({ makeCode: ['FORD'] });
    await painted();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect((fetchImpl.mock.calls[0][1] as RequestInit).signal?.aborted).toBe(false);
    expect(bus.getState().search.requestId).toBe(1);
    c.stop();
  });

  it('marks a failed search as an error without throwing', async () => {
    const bus = createBus();
    const fetchImpl = jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) }) as unknown as Response);
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: fakeWindow() as never });
    await c.search({});
    await painted();
    expect(bus.getState().search.status).toBe('error');
    c.stop();
  });

  it('appends the next page on load-more, de-duplicated by id', async () => {
    const bus = createBus();
    bus.update('search', { result: result('a'), query: {} });
    const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      response({ listings: [{ id: 'a' }, { id: 'b' }] as never, owners: [], totalResultCount: 2 }),
    );
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: fakeWindow() as never });
    bus.publish('results:load-more', { firstRecord: 1 });
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(bus.getState().search.result?.listings.map((l) => l.id)).toEqual(['a', 'b']);
    expect(String(fetchImpl.mock.calls[0][0])).toContain('firstRecord=1');
    c.stop();
  });
  it('asks for load-more pages of 30 after the listings shown, and a Ford page size of 25 becomes 30', async () => {
    const bus = createBus();
    const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response(result('x')));
    const c = createSearchController({ bus, pageSize: 25, brand: 'ford', fetchImpl, win: fakeWindow() as never });
    const sent = (i: number) => new URL(String(fetchImpl.mock.calls[i][0]), 'http://cars.test').searchParams;
    await c.search({ makeCode: ['FORD'] });
    await painted();
    expect(sent(0).get('numRecords')).toBe('30');
    await c.loadMore(30);
    expect(sent(1).get('firstRecord')).toBe('30');
    expect(sent(1).get('numRecords')).toBe('30');
    c.stop();
    const other = createSearchController({ bus, pageSize: 25, brand: 'atc', fetchImpl, win: fakeWindow() as never });
    await other.search({});
    expect(sent(2).get('numRecords')).toBe('25');
    await other.loadMore(25);
    expect(sent(3).get('numRecords')).toBe('30');
    other.stop();
  });

  it('keeps the listings shown when a load-more fails, and clears loading (status error)', async () => {
    const bus = createBus();
    bus.update('search', { result: result('a'), query: {}, status: 'success' });
    const fetchImpl = jest.fn(async () => ({ ok: false, status: 502, json: async () => ({}) }) as unknown as Response);
    const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: fakeWindow() as never });
    const loading = c.loadMore(1);
    expect(bus.getState().search.status).toBe('loading-more');
    await loading;
    expect(bus.getState().search.status).toBe('error');
    expect(bus.getState().search.result?.listings.map((l) => l.id)).toEqual(['a']);
    c.stop();
  });

  describe.each([
    ['state', 'relevance'],
    ['optionFile', 'derivedpriceDESC'],
  ] as const)('with the %s reading of the default sort', (reading, inForce) => {
    const seeded = () => {
      const bus = createBus({
        search: { query: {}, result: null, status: 'idle', requestId: 0, error: null, defaultSort: defaultSort(reading) },
      });
      const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response(result('x')));
      const win = fakeWindow();
      const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: win as never });
      const sent = (i: number) => new URL(String(fetchImpl.mock.calls[i][0]), 'http://cars.test').searchParams;
      return { bus, c, win, sent };
    };

    it(`searches a query without sortBy by ${inForce}, and a chosen sort by that sort`, async () => {
      const { c, win, sent } = seeded();
      await c.search({ makeCode: ['FORD'] });
      await painted();
      // Relevance is the upstream's own default and is not written.
      expect(sent(0).get('sortBy')).toBe(inForce === 'relevance' ? null : inForce);
      expect(win.history.entries[0]).toBe('/cars-for-sale?makeCode=FORD');
      await c.search({ makeCode: ['FORD'], sortBy: 'yearDESC' });
      await painted();
      expect(sent(1).get('sortBy')).toBe('yearDESC');
      expect(win.history.entries[1]).toBe('/cars-for-sale?makeCode=FORD&sortBy=yearDESC');
      c.stop();
    });

    it('keeps the other default sort when chosen, and leaves the one in force out of the URL', async () => {
      const { bus, c, win, sent } = seeded();
      const other = inForce === 'relevance' ? 'derivedpriceDESC' : 'relevance';
      await c.search({ sortBy: other });
      await painted();
      expect(bus.getState().search.query).toEqual({ sortBy: other });
      expect(win.history.entries[0]).toBe(`/cars-for-sale?sortBy=${other}`);
      expect(sent(0).get('sortBy')).toBe(other === 'relevance' ? null : other);
      await c.search({ sortBy: inForce });
      await painted();
      expect(bus.getState().search.query).toEqual({});
      expect(win.history.entries[1]).toBe('/cars-for-sale');
      expect(bus.getState().search.defaultSort).toBe(inForce);
      c.stop();
    });

    it('asks with the sort in force on load-more as well', async () => {
      const { c, sent } = seeded();
      await c.loadMore(24);
      expect(sent(0).get('firstRecord')).toBe('24');
      expect(sent(0).get('sortBy')).toBe(inForce === 'relevance' ? null : inForce);
      c.stop();
    });
  });

  it('asks for suggested filters only when the brand shows them (flag suggestedFilters)', async () => {
    for (const on of [true, false]) {
      const bus = createBus({ brand: { brand: 'kbb', flags: { ...defaultFlags(), suggestedFilters: on } } });
      const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => response(result('x')));
      const c = createSearchController({ bus, pageSize: 24, brand: 'kbb', fetchImpl, win: fakeWindow() as never });
      await c.search({ vehicleStyleCode: ['TRUCKS'] });
      await painted();
      await c.loadMore(24);
      for (const [url] of fetchImpl.mock.calls) {
        expect(new URL(String(url), 'http://cars.test').searchParams.get('includeSuggested')).toBe(on ? 'true' : null);
      }
      c.stop();
    }
  });
});
