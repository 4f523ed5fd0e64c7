import { act, screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { bootstrap, mount, unmount } from '../src/lifecycles';
import { PRICING, answer, result } from './fixtures';

it('mounts into its region with the boundary attribute and unmounts cleanly', async () => {
  global.fetch = jest.fn(async () => answer(PRICING)) as unknown as typeof fetch;
  const bus = createBus({
    search: { query: { makeCode: ['FORD'], modelCode: ['F150'] }, result: result(['FORD', 'Ford'], ['F150', 'F-150']), status: 'success', requestId: 0, error: null },
  });
  const region = document.createElement('section');
  document.body.appendChild(region);
  const props = { name: 'mf-reference', bus, domElement: region };
  await bootstrap(props);
  await act(async () => {
    await mount(props);
  });
  expect(region.querySelector('[data-boundary="mf-reference"]')).not.toBeNull();
  expect(await screen.findByRole('heading', { name: 'About the Ford F-150' })).toBeInTheDocument();
  await act(async () => {
    await unmount(props);
  });
  expect(region.innerHTML).toBe('');
});
