import { act, screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { createLifecycles, useShared, REGION_NOTICE } from '../src';

function Count() {
  const n = useShared((s) => s.compare.items.length);
  return <p>{n} compared</p>;
}

function Broken(): never {
  throw new Error('broken render');
}

describe('createLifecycles', () => {
  it('mounts a React root with the boundary attribute, follows the bus, and unmounts cleanly', async () => {
    const bus = createBus();
    const region = document.createElement('section');
    document.body.appendChild(region);
    const lc = createLifecycles({ name: 'mf-test', version: '9.9.9', App: Count });
    const props = { name: 'mf-test', bus, domElement: region };
    await lc.bootstrap(props);
    await act(async () => {
      await lc.mount(props);
    });
    expect(await screen.findByText('0 compared')).toBeInTheDocument();
    const root = region.querySelector('[data-boundary="mf-test"]');
    expect(root).not.toBeNull();
    expect(root?.getAttribute('data-version')).toBe('9.9.9');
    act(() => bus.update('compare', { items: [{ id: '1', title: 't', price: 1, image: null, year: 2020 }] }));
    expect(screen.getByText('1 compared')).toBeInTheDocument();
    await act(async () => {
      await lc.unmount(props);
    });
    expect(region.innerHTML).toBe('');
  });

  it('keeps a render error inside the remote region', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const region = document.createElement('section');
    document.body.appendChild(region);
    const lc = createLifecycles({ name: 'mf-broken', App: Broken });
    await act(async () => {
      await lc.mount({ name: 'mf-broken', bus: createBus(), domElement: region });
    });
    expect(region).toHaveTextContent(REGION_NOTICE);
    spy.mockRestore();
  });

  it('refuses to mount without a region', async () => {
    const lc = createLifecycles({ name: 'mf-x', App: Count });
    await expect(lc.mount({ name: 'mf-x', bus: createBus(), domElement: undefined as unknown as HTMLElement })).rejects.toThrow(
      'no domElement',
    );
  });
});
