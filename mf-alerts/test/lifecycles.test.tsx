import { act, screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { bootstrap, mount, unmount } from '../src/lifecycles';

it('mounts into its region with the boundary attribute, follows the bus and unmounts cleanly', async () => {
  const bus = createBus();
  const region = document.createElement('section');
  document.body.appendChild(region);
  const props = { name: 'mf-alerts', bus, domElement: region };
  await bootstrap(props);
  await act(async () => {
    await mount(props);
  });
  expect(region.querySelector('[data-boundary="mf-alerts"]')).not.toBeNull();
  expect(screen.getByRole('button', { name: 'Save Search' })).toBeInTheDocument();
  act(() => bus.update('brand', { flags: { ...bus.getState().brand.flags, saveSearch: false } }));
  expect(screen.queryByRole('button', { name: 'Save Search' })).not.toBeInTheDocument();
  await act(async () => {
    await unmount(props);
  });
  expect(region.innerHTML).toBe('');
});
