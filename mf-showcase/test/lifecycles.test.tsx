import { screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { answer, listing, mountRemote, owner, result } from '@cfs/test-kit';
import * as lifecycles from '../src/lifecycles';

it('mounts into its region with the boundary attribute and unmounts cleanly', async () => {
  global.fetch = jest.fn(async () =>
    answer(result([listing('a1', { ownerId: 'd1' })], [owner('d1', { name: 'Peachtree Ford' })])),
  ) as unknown as typeof fetch;
  const bus = createBus({ search: { query: {}, result: null, status: 'success', requestId: 0, error: null } });
  const remote = await mountRemote(lifecycles, 'mf-showcase', { bus });
  expect(remote.boundary()).not.toBeNull();
  expect(await screen.findByRole('heading', { name: 'Sponsored by Peachtree Ford' })).toBeInTheDocument();
  await remote.unmount();
  expect(remote.region.innerHTML).toBe('');
});
