import { act, screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { bootstrap, mount, unmount } from '../src/lifecycles';
import { result } from './fixtures';

describe('mf-results lifecycles', () => {
  it('mounts into its region with the boundary attribute, follows the bus, and unmounts cleanly', async () => {
    const bus = createBus();
    bus.update('search', { status: 'success', result: result(2) });
    const region = document.createElement('section');
    document.body.appendChild(region);
    const props = { name: 'mf-results', bus, domElement: region };
    await bootstrap(props);
    await act(async () => {
      await mount(props);
    });
    expect(region.querySelector('[data-boundary="mf-results"]')).not.toBeNull();
    expect(await screen.findAllByRole('article')).toHaveLength(2);

    act(() => bus.update('search', { result: result(4) }));
    expect(screen.getAllByRole('article')).toHaveLength(4);

    await act(async () => {
      await unmount(props);
    });
    expect(region.innerHTML).toBe('');
  });
});
