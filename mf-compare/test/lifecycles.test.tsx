import { act, screen } from '@testing-library/react';
import { listing, mountRemote } from '@cfs/test-kit';
import * as lifecycles from '../src/lifecycles';

it('mounts into its region with the boundary attribute, follows the bus and unmounts cleanly', async () => {
  const remote = await mountRemote(lifecycles, 'mf-compare');
  expect(remote.boundary()).not.toBeNull();
  act(() => remote.bus.publish('compare:add', { listing: listing(1) }));
  expect(screen.getByRole('list', { name: 'Listings to compare' })).toBeInTheDocument();
  await remote.unmount();
  expect(remote.region.innerHTML).toBe('');
});
