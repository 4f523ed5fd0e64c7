import { act, screen } from '@testing-library/react';
import { mountRemote } from '@cfs/test-kit';
import * as lifecycles from '../src/lifecycles';

it('mounts into the region with its boundary, follows the bus, and unmounts cleanly', async () => {
  const remote = await mountRemote(lifecycles, 'mf-filters', { tag: 'aside' });
  expect(remote.boundary()).not.toBeNull();
  expect(await screen.findByRole('combobox', { name: 'Make' })).toHaveValue('');
  act(() => remote.bus.update('search', { query: { makeCode: ['FORD'] } }));
  expect(screen.getByRole('button', { name: 'Remove FORD' })).toBeInTheDocument();
  await remote.unmount();
  expect(remote.region.innerHTML).toBe('');
  remote.region.remove();
});
