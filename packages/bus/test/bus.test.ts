import { createBus, busCount } from '../src';

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
