import { act, screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { bootstrap, mount, unmount } from '../src/lifecycles';
import { answer, listing, owner, result } from './fixtures';

it('mounts into its region with the boundary attribute and unmounts cleanly', async () => {
  global.fetch = jest.fn(async () => answer(result([listing({ id: 'a1', ownerId: 'd1' })], [owner('d1', 'Peachtree Ford')]))) as unknown as typeof fetch;
  const bus = createBus({ search: { query: {}, result: null, status: 'success', requestId: 0, error: null } });
  const region = document.createElement('section');
  document.body.appendChild(region);
  const props = { name: 'mf-showcase', bus, domElement: region };
  await bootstrap(props);
  await act(async () => {
    await mount(props);
  });
  expect(region.querySelector('[data-boundary="mf-showcase"]')).not.toBeNull();
  expect(await screen.findByRole('heading', { name: 'Sponsored by Peachtree Ford' })).toBeInTheDocument();
  await act(async () => {
    await unmount(props);
  });
  expect(region.innerHTML).toBe('');
});
