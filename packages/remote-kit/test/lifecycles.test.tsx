import React, { useId } from 'react';
import { act, screen } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import { createLifecycles, useShared, useSubscribe, REGION_NOTICE } from '../src';

function Count() {
  const n = useShared((s) => s.compare.items.length);
  return <p>{n} compared</p>;
}

function Broken(): never {
  throw new Error('broken render');
}

function Listener({ seen }: { seen: string[] }) {
  useSubscribe('compare:add', ({ listing }) => seen.push(listing.id));
  return null;
}

describe('createLifecycles', () => {
  it('resolves mount once the region has subscribed to the bus, so an intent published next reaches it', async () => {
    const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnv = g.IS_REACT_ACT_ENVIRONMENT;
    g.IS_REACT_ACT_ENVIRONMENT = false; // the browser's scheduling, not act's
    try {
      const bus = createBus();
      const region = document.createElement('section');
      document.body.appendChild(region);
      const seen: string[] = [];
      const lc = createLifecycles({ name: 'mf-test', App: () => <Listener seen={seen} /> });
      const props = { name: 'mf-test', bus, domElement: region };
      await lc.mount(props);
      bus.publish('compare:add', { listing: { id: 'L1' } as never });
      expect(seen).toEqual(['L1']);
      await lc.unmount(props);
      region.remove();
    } finally {
      g.IS_REACT_ACT_ENVIRONMENT = actEnv;
    }
  });

  it('mounts a React root with the boundary attribute, follows the bus, and unmounts cleanly', async () => {
    const bus = createBus();
    const region = document.createElement('section');
    document.body.appendChild(region);
    const lc = createLifecycles({ name: 'mf-test', version: '9.9.9', App: Count });
    const props = { name: 'mf-test', bus, domElement: region };
    await lc.bootstrap(props);
    let mounted: Promise<void> = Promise.resolve();
    await act(async () => {
      mounted = lc.mount(props);
    });
    await mounted;
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

  it("renders a 'transition' region that has no server HTML in a transition (time slices), not in one task", async () => {
    const spy = jest.spyOn(React, 'startTransition');
    try {
      const bus = createBus();
      const region = document.createElement('section');
      document.body.appendChild(region);
      const lc = createLifecycles({ name: 'mf-test', App: Count, hydration: 'transition' });
      const props = { name: 'mf-test', bus, domElement: region };
      let mounted: Promise<void> = Promise.resolve();
      await act(async () => {
        mounted = lc.mount(props);
      });
      await mounted;
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('0 compared')).toBeInTheDocument();
      await act(async () => {
        await lc.unmount(props);
      });
      region.remove();
    } finally {
      spy.mockRestore();
    }
  });

  it('gives each region its own generated ids, so a label in one never names a control in another', async () => {
    const bus = createBus();
    function Field() {
      const id = useId();
      return (
        <>
          <label htmlFor={id}>Budget</label>
          <input id={id} />
        </>
      );
    }
    const hosts = ['mf-one', 'mf-two'].map((name) => {
      const domElement = document.createElement('section');
      document.body.appendChild(domElement);
      return { name, bus, domElement, lc: createLifecycles({ name, App: Field }) };
    });
    let mounted: Promise<void>[] = [];
    await act(async () => {
      mounted = hosts.map((h) => h.lc.mount(h));
    });
    await Promise.all(mounted);
    const [a, b] = hosts.map((h) => h.domElement.querySelector('input')!.id);
    expect(a).not.toBe(b);
    expect(a).toContain('mf_one-');
    for (const h of hosts) {
      await act(async () => {
        await h.lc.unmount(h);
      });
      h.domElement.remove();
    }
  });

  it('keeps a render error inside the remote region', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const region = document.createElement('section');
    document.body.appendChild(region);
    const lc = createLifecycles({ name: 'mf-broken', App: Broken });
    let mounted: Promise<void> = Promise.resolve();
    await act(async () => {
      mounted = lc.mount({ name: 'mf-broken', bus: createBus(), domElement: region });
    });
    await mounted;
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
