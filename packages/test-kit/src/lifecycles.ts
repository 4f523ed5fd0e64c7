/**
 * The one lifecycle test helper: mounts a remote's single-spa lifecycles into a fresh region the
 * way the shell does (props: name, bus, domElement), inside React's act().
 */
import { act } from '@testing-library/react';
import { createBus } from '@cfs/bus';
import type { Bus } from '@cfs/contracts';

interface LifecycleProps {
  name: string;
  bus: Bus;
  domElement: HTMLElement;
}

export interface RemoteLifecycles {
  bootstrap(props: LifecycleProps): Promise<unknown>;
  mount(props: LifecycleProps): Promise<unknown>;
  unmount(props: LifecycleProps): Promise<unknown>;
}

export interface MountedRemote {
  /** The region the remote was mounted into (appended to the document body). */
  region: HTMLElement;
  bus: Bus;
  /** The remote's root inside the region: `[data-boundary="<name>"]`, or null. */
  boundary(): Element | null;
  unmount(): Promise<void>;
}

export async function mountRemote(
  lifecycles: RemoteLifecycles,
  name: string,
  opts: { bus?: Bus; tag?: 'section' | 'aside' | 'div' } = {},
): Promise<MountedRemote> {
  const bus = opts.bus ?? createBus();
  const region = document.createElement(opts.tag ?? 'section');
  document.body.appendChild(region);
  const props = { name, bus, domElement: region };
  await lifecycles.bootstrap(props);
  // mount resolves once the region has committed, which act does when its scope ends.
  let mounted: Promise<unknown> = Promise.resolve();
  await act(async () => {
    mounted = lifecycles.mount(props);
  });
  await mounted;
  return {
    region,
    bus,
    boundary: () => region.querySelector(`[data-boundary="${name}"]`),
    unmount: async () => {
      await act(async () => {
        await lifecycles.unmount(props);
      });
    },
  };
}
