/**
 * Server containers from the registry: each published version of a remote (and of the shell)
 * carries `server/remoteEntry.js`, a Module Federation container built for Node. The gateway
 * loads it through the container protocol (require, init with a share scope, get) from plain
 * Node, so it never compiles shell or remote source.
 *
 * - React is the gateway's own: the share scope holds the gateway's react and react-dom, so the
 *   elements a remote builds are rendered by the gateway's renderer. Everything else a container
 *   shares (the bus, the contracts, the query rules) stays its own: every container gets a fresh
 *   share scope and its own federation instance, so a remote always renders with what it was
 *   built with, whatever other versions are loaded.
 * - A switch in the registry makes the next page use another version: loading is by version path,
 *   with no restart. Versions no longer live are released (`retain`): dropped from Node's require
 *   cache and from the federation globals, so a long-running gateway does not grow with deploys.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';

export const SERVER_ENTRY = path.join('server', 'remoteEntry.js');

interface Container {
  init(shareScope: Record<string, unknown>): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

interface FederationGlobal {
  __INSTANCES__?: unknown[];
}

const REACT_VERSION = React.version;

/** The share scope every container starts from: the gateway's React, nothing else. */
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

function federationGlobal(): FederationGlobal | undefined {
  return (globalThis as { __FEDERATION__?: FederationGlobal }).__FEDERATION__;
}

interface Loaded {
  file: string;
  instances: unknown[];
  module: unknown;
}

export class ServerContainers {
  private loaded = new Map<string, Promise<Loaded>>();
  /** Loads run one at a time: each takes the federation instance its init creates. */
  private queue: Promise<unknown> = Promise.resolve();

  /** @param dirOf where a published version's files are (RegistryStore.remoteDir). */
  constructor(private readonly dirOf: (name: string, version: string) => string) {}

  /** The exposed module of a published version's server container (loaded once per version). */
  get<T>(name: string, version: string, expose: string): Promise<T> {
    const key = `${name}@${version}#${expose}`;
    let p = this.loaded.get(key);
    if (!p) {
      p = this.enqueue(() => this.load(path.join(this.dirOf(name, version), SERVER_ENTRY), expose));
      this.loaded.set(key, p);
      // A failed load is not kept: the next request tries again (the file may have been published since).
      p.catch(() => this.loaded.delete(key));
    }
    return p.then((l) => l.module as T);
  }

  /** Versions currently loaded, as `name@version`. */
  loadedVersions(): string[] {
    return [...new Set([...this.loaded.keys()].map((k) => k.split('#')[0]))];
  }

  /** Releases every loaded version that is not live (name -> version) any more. */
  retain(live: Record<string, string | undefined>): string[] {
    const released: string[] = [];
    for (const [key, p] of this.loaded) {
      const [nameAtVersion] = key.split('#');
      const at = nameAtVersion.lastIndexOf('@');
      const name = nameAtVersion.slice(0, at);
      const version = nameAtVersion.slice(at + 1);
      if (live[name] === version) continue;
      this.loaded.delete(key);
      released.push(nameAtVersion);
      p.then(
        (l) => release(l),
        () => undefined,
      );
    }
    return released;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(file: string, expose: string): Promise<Loaded> {
    if (!fs.existsSync(file)) throw Object.assign(new Error(`no server container at ${file}`), { code: 'ENOSERVER' });
    const fed = federationGlobal();
    const before = new Set(fed?.__INSTANCES__ ?? []);
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS server container at a version path known at run time
      const container = require(file) as Container;
      if (typeof container?.init !== 'function' || typeof container.get !== 'function') {
        throw new Error(`${file} is not a Module Federation container`);
      }
      await container.init(shareScope());
      const factory = await container.get(expose);
      const module = factory();
      return { file, instances: takeNewInstances(before), module };
    } catch (err) {
      takeNewInstances(before);
      delete require.cache[file];
      throw err;
    }
  }
}

/** Takes the federation instances a container's init created out of the global list. */
function takeNewInstances(before: Set<unknown>): unknown[] {
  const list = federationGlobal()?.__INSTANCES__;
  if (!list) return [];
  const added = list.filter((i) => !before.has(i));
  for (const i of added) list.splice(list.indexOf(i), 1);
  return added;
}

function release(l: Loaded) {
  const dir = path.dirname(l.file);
  for (const key of Object.keys(require.cache)) if (key.startsWith(dir + path.sep)) delete require.cache[key];
  l.instances.length = 0;
}
