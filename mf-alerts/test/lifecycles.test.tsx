import { act, screen } from '@testing-library/react';
import { mountRemote } from '@cfs/test-kit';
import * as lifecycles from '../src/lifecycles';

it('mounts into its region with the boundary attribute, follows the bus and unmounts cleanly', async () => {
  const remote = await mountRemote(lifecycles, 'mf-alerts');
  expect(remote.boundary()).not.toBeNull();
  // The Save Search intent (the filter panel's button) shows the inline email form of an anonymous shopper.
  expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  act(() => remote.bus.publish('alerts:save-search', { query: remote.bus.getState().search.query }));
  expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  await remote.unmount();
  expect(remote.region.innerHTML).toBe('');
});
