import { createElement, StrictMode, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Bus } from '@cfs/contracts';
import { BusContext } from './hooks';
import { RemoteErrorBoundary } from './boundary';

export interface LifecycleProps {
  name: string;
  bus: Bus;
  /** The region the shell gives this remote. */
  domElement: HTMLElement;
}

export interface Lifecycles {
  bootstrap(props: LifecycleProps): Promise<void>;
  mount(props: LifecycleProps): Promise<void>;
  unmount(props: LifecycleProps): Promise<void>;
}

/**
 * single-spa lifecycles that mount a React 19 root into the region the shell gives the remote.
 * The root element carries data-boundary="<remote folder>" (the remote's CSS scope) and
 * data-version (the build's version, for operators and deploy checks). The remote passes its
 * own version: this module may be shared with containers of other builds, so it reads no build
 * constant of its own.
 */
export function createLifecycles(options: { name: string; version?: string; App: ComponentType }): Lifecycles {
  const roots = new Map<HTMLElement, { root: Root; el: HTMLElement }>();
  return {
    async bootstrap() {},
    async mount(props) {
      const host = props.domElement;
      if (!host) throw new Error(`${options.name}: no domElement given to mount into`);
      if (!props.bus) throw new Error(`${options.name}: no bus given to mount with`);
      const el = document.createElement('div');
      el.setAttribute('data-boundary', options.name);
      if (options.version) el.setAttribute('data-version', options.version);
      host.appendChild(el);
      const root = createRoot(el);
      root.render(
        createElement(
          StrictMode,
          null,
          createElement(
            BusContext.Provider,
            { value: props.bus },
            createElement(RemoteErrorBoundary, { name: options.name }, createElement(options.App)),
          ),
        ),
      );
      roots.set(host, { root, el });
    },
    async unmount(props) {
      const entry = roots.get(props.domElement);
      if (!entry) return;
      entry.root.unmount();
      entry.el.remove();
      roots.delete(props.domElement);
    },
  };
}
