import { screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { answer, mountRemote } from '@cfs/test-kit';
import * as lifecycles from '../src/lifecycles';
import { PRICING, modelResult } from './fixtures';

it('mounts into its region with the boundary attribute and unmounts cleanly', async () => {
  global.fetch = jest.fn(async () => answer(PRICING)) as unknown as typeof fetch;
  const bus = createBus({
    search: {
      query: { makeCode: ['FORD'], modelCode: ['F150'] },
      result: modelResult(['FORD', 'Ford'], ['F150', 'F-150']),
      status: 'success',
      requestId: 0,
      error: null,
    },
  });
  const remote = await mountRemote(lifecycles, 'mf-reference', { bus });
  expect(remote.boundary()).not.toBeNull();
  expect(await screen.findByRole('heading', { name: 'About the Ford F-150' })).toBeInTheDocument();
  await remote.unmount();
  expect(remote.region.innerHTML).toBe('');
});
