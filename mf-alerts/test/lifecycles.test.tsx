import { act, screen } from '@testing-library/react';
import { mountRemote } from '@cfs/test-kit';
import * as lifecycles from '../src/lifecycles';

it('mounts into its region with the boundary attribute, follows the bus and unmounts cleanly', async () => {
  const remote = await mountRemote(lifecycles, 'mf-alerts');
  expect(remote.boundary()).not.toBeNull();
  expect(screen.getByRole('button', { name: 'Save Search' })).toBeInTheDocument();
  act(() => remote.bus.update('brand', { flags: { ...remote.bus.getState().brand.flags, saveSearch: false } }));
  expect(screen.queryByRole('button', { name: 'Save Search' })).not.toBeInTheDocument();
  await remote.unmount();
  expect(remote.region.innerHTML).toBe('');
});
