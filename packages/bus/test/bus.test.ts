import type { FirstLoadState } from '@cfs/contracts';
import { createBus, busCount, defaultFlags, stateFromFirstLoad } from '../src';

describe('bus', () => {
  it('updates one slice without touching others and notifies subscribers', () => {
    const bus = createBus();
    const seen: number[] = [];
    bus.subscribe((s) => seen.push(s.compare.items.length));
    const before = bus.getState().search;
    bus.update('compare', { open: true });
    expect(bus.getState().compare.open).toBe(true);
    expect(bus.getState().search).toBe(before);
    expect(seen).toEqual([0]);
  });

  it('delivers typed intents to every handler and isolates a failing one', () => {
    const bus = createBus();
    const got: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    bus.on('compare:remove', () => {
      throw new Error('boom');
    });
    const off = bus.on('compare:remove', (p) => got.push(p.listingId));
    bus.publish('compare:remove', { listingId: 'a' });
    off();
    bus.publish('compare:remove', { listingId: 'b' });
    expect(got).toEqual(['a']);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('counts the buses it creates', () => {
    const n = busCount();
    createBus();
    expect(busCount()).toBe(n + 1);
  });
});

describe('stateFromFirstLoad', () => {
  const first = (defaultSort: string): FirstLoadState => ({
    brand: 'kbb',
    flags: defaultFlags(),
    signedIn: true,
    query: { makeCode: ['FORD'] },
    result: null,
    searchError: null,
    registry: { shell: null, remotes: {} } as unknown as FirstLoadState['registry'],
    config: { pageSize: 24, remoteTimeoutMs: 8000, signInPath: '/account/signin', defaultSort, apiBase: '' },
  });

  it.each(['relevance', 'derivedpriceDESC'])('seeds the search slice with the default sort in force (%s)', (defaultSort) => {
    const bus = createBus(stateFromFirstLoad(first(defaultSort)));
    expect(bus.getState().search).toEqual({
      query: { makeCode: ['FORD'] },
      result: null,
      status: 'idle',
      requestId: 0,
      error: null,
      defaultSort,
    });
    expect(bus.getState().session).toMatchObject({ signedIn: true, signInPath: '/account/signin' });
  });

  it('keeps the default sort through later search updates', () => {
    const bus = createBus(stateFromFirstLoad(first('derivedpriceDESC')));
    bus.update('search', { query: {}, status: 'loading', requestId: 1 });
    expect(bus.getState().search.defaultSort).toBe('derivedpriceDESC');
  });

  it('carries the browsing history of the first load into the session slice (vins that are strings only)', () => {
    const withHistory = {
      ...first('relevance'),
      browsingHistory: { alerts: [{}], vins: ['1FTEW1EP5JFA00001', 7 as unknown as string], fetchedAt: 42 },
    };
    expect(stateFromFirstLoad(withHistory).session?.browsingHistory).toEqual({ vins: ['1FTEW1EP5JFA00001'], fetchedAt: 42 });
    expect(stateFromFirstLoad({ ...first('relevance'), browsingHistory: null }).session).not.toHaveProperty('browsingHistory');
    expect(stateFromFirstLoad(first('relevance')).session).not.toHaveProperty('browsingHistory');
  });

  it.each([
    ['closed', 'closed'],
    ['subscribed', 'subscribed'],
    ['other', undefined],
    [null, undefined],
  ])('carries the session value emailSubscribe %s', (value, expected) => {
    const session = stateFromFirstLoad({ ...first('relevance'), emailSubscribe: value as FirstLoadState['emailSubscribe'] }).session;
    expect(session?.emailSubscribe).toBe(expected);
  });

  it('leaves out a configured default that is not a sort value', () => {
    expect(stateFromFirstLoad(first('price')).search).not.toHaveProperty('defaultSort');
  });
});
