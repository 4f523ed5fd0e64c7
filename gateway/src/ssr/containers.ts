/**
 * Loading a published version's server container: `server/remoteEntry.js`, a Module Federation
 * container built for Node. It is loaded through the container protocol (require, init with a
 * share scope, get) from plain Node, so the gateway never compiles shell or remote source. It runs
 * only inside an isolate (isolate-worker.ts): one version's container per worker thread, never in
 * the gateway's request handling.
 *
 * React is the isolate's own: the share scope holds its react and react-dom, so the elements a
 * remote builds are rendered by the isolate's renderer. Everything else a container shares (the
 * bus, the contracts, the query rules) stays its own, so a remote always renders with what it was
 * built with.
 */
import fs from 'node:fs';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';

interface Container {
  init(shareScope: Record<string, unknown>): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

const REACT_VERSION = React.version;

/** The share scope a container starts from: this thread's React, nothing else. */
function shareScope(): Record<string, unknown> {
  const provide = (mod: unknown) => ({
    [REACT_VERSION]: {
      get: () => () => mod,
      loaded: 1,
      from: 'gateway',
      shareConfig: { singleton: true, requiredVersion: `^${REACT_VERSION}` },
      version: REACT_VERSION,
      scope: ['default'],
    },
  });
  return { react: provide(React), 'react/jsx-runtime': provide(jsxRuntime), 'react-dom': provide(ReactDOM) };
}

/** A version without a server container: its regions are rendered in the browser (cause 'missing'). */
export class NoServerContainer extends Error {
  readonly code = 'ENOSERVER';
}

/** The exposed module of the server container at `file`. */
export async function loadContainer<T>(file: string, expose: string): Promise<T> {
  if (!fs.existsSync(file)) throw new NoServerContainer(`no server container at ${file}`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS server container at a version path known at run time
  const container = require(file) as Container;
  if (typeof container?.init !== 'function' || typeof container.get !== 'function') {
    throw new Error(`${file} is not a Module Federation container`);
  }
  await container.init(shareScope());
  const factory = await container.get(expose);
  return factory() as T;
}
