import { act, screen } from '@testing-library/react';
import { mountRemote, result } from '@cfs/test-kit';
import * as lifecycles from '../src/lifecycles';

describe('mf-results lifecycles', () => {
  it('mounts into its region with the boundary attribute, follows the bus, and unmounts cleanly', async () => {
    const remote = await mountRemote(lifecycles, 'mf-results');
    expect(remote.boundary()).not.toBeNull();
    act(() => remote.bus.update('search', { status: 'success', result: result(2) }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);

    act(() => remote.bus.update('search', { result: result(4) }));
    expect(screen.getAllByRole('article')).toHaveLength(4);

    await remote.unmount();
    expect(remote.region.innerHTML).toBe('');
  });
});
