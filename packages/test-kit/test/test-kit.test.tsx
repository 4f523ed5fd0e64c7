import { screen } from '@testing-library/react';
import { createLifecycles, useShared } from '@cfs/remote-kit';
import { answer, listing, mountRemote, owner, result } from '../src';

function Count() {
  const total = useShared((s) => s.search.result?.totalResultCount ?? 0);
  return <p role="status">{total} found</p>;
}

describe('fixtures', () => {
  it('build listings, owners and results by number or id', () => {
    expect(listing(2)).toMatchObject({ id: 'L2', ownerId: 'D2', vdpBaseUrl: '/cars-for-sale/vehicle/2' });
    expect(listing('a1', { ownerId: 'd1' })).toMatchObject({ id: 'a1', ownerId: 'd1' });
    expect(owner(3)).toMatchObject({ id: 'D3', name: 'Dealer 3' });
    expect(owner('d1', { name: 'Peachtree Ford' })).toMatchObject({ id: 'd1', name: 'Peachtree Ford' });
    expect(result(2, 40)).toMatchObject({ totalResultCount: 40, owners: [{ id: 'D1' }, { id: 'D2' }] });
    expect(result([listing(1)]).totalResultCount).toBe(1);
  });

  it('answers a fetch as the remote-kit api reads it', async () => {
    const a = answer({ x: 1 }, 404);
    expect(a.ok).toBe(false);
    expect(await a.text()).toBe('{"x":1}');
  });
});

describe('mountRemote', () => {
  it('mounts lifecycles into a region with the remote boundary, and unmounts them cleanly', async () => {
    const remote = await mountRemote(createLifecycles({ name: 'mf-test', App: Count }), 'mf-test');
    expect(remote.boundary()).not.toBeNull();
    remote.bus.update('search', { result: result(3) });
    expect(await screen.findByRole('status')).toHaveTextContent('3 found');
    await remote.unmount();
    expect(remote.region.innerHTML).toBe('');
  });
});
