/**
 * The lifecycles module loads with the page, before the shopper reaches into the region: neither
 * it nor its awaiting may bring React (nor the kit's React entry) into the page. Any module of
 * theirs that asks for one fails here.
 */
import { createBus } from '@cfs/bus';

const REACT_MODULES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', '@cfs/remote-kit'];

/** Every React module fails when asked for (in the module registry of jest.isolateModules). */
function refuseReact() {
  for (const name of REACT_MODULES) {
    jest.doMock(name, () => {
      throw new Error(`${name} was asked for before the mount`);
    });
  }
}

afterEach(() => {
  for (const name of REACT_MODULES) jest.dontMock(name);
});

describe('the lifecycles module that loads with the page', () => {
  it('needs no React until it mounts, and its awaiting runs without it', () => {
    jest.isolateModules(() => {
      refuseReact();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const lifecycles = require('../src/lifecycles') as typeof import('../src/lifecycles');
      expect(typeof lifecycles.mount).toBe('function');
      const root = document.createElement('section');
      root.innerHTML = '<ul><li data-listing="a">a</li></ul>';
      const stop = lifecycles.awaiting({ bus: createBus(), domElement: root, wake: () => {} });
      stop();
    });
  });

  it('would fail if it did (the check can see a React import)', () => {
    jest.isolateModules(() => {
      refuseReact();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      expect(() => require('../src/app-lifecycles')).toThrow(/was asked for before the mount/);
    });
  });
});
