/**
 * Loading remotes at run time: the registry comes from the gateway, each entry is registered with
 * the Module Federation runtime (no remote URL is compiled into the shell) and mounted by
 * single-spa into its region. A remote that is missing, slow or throws leaves its region with a
 * short notice while every other region works.
 */
import { registerApplication, addErrorHandler, getAppStatus, type AppProps, type LifeCycles } from 'single-spa';
import {
  AWAITING_EXPORT,
  federationName,
  LIFECYCLES_MODULE,
  REGISTRY_PATH,
  SEARCH_PATH,
  type Awaiting,
  type Bus,
  type Registry,
} from '@cfs/contracts';
import { reportRegion, showRegionNotice } from '@cfs/remote-kit/dom';
import { regionFor, type Region } from './regions';
import { federation, inlineStylesPlugin, integrityPlugin } from './federation';
import { withTimeout } from './waits';
import { sentBeforeStart, whenWanted } from './hydration-triggers';

export { REGISTRY_PATH };

export async function fetchRegistry(search: string, fetchImpl: typeof fetch = fetch): Promise<Registry> {
  // A staging page may carry ?remotes=name@url overrides; the gateway refuses them in production.
  const remotes = new URLSearchParams(search).get('remotes');
  const url = remotes ? `${REGISTRY_PATH}?remotes=${encodeURIComponent(remotes)}` : REGISTRY_PATH;
  const res = await fetchImpl(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`registry answered ${res.status}`);
  return (await res.json()) as Registry;
}

/** Leaves a remote's region with the short notice (remote-kit's markup, the same as a remote's own). */
export function showNotice(remote: string, doc: Document = document) {
  const region = regionFor(remote);
  const el = region && doc.getElementById(region.id);
  if (el) showRegionNotice(el, remote);
}

export function registerFromRegistry(registry: Registry, opts: { bus: Bus; timeoutMs: number; only?: string[] }) {
  federation().registerPlugins([inlineStylesPlugin(), integrityPlugin(registry)]);
  const names = Object.keys(registry.remotes).filter((n) => regionFor(n) && (!opts.only || opts.only.includes(n)));
  federation().registerRemotes(
    names.map((n) => ({ name: federationName(n), alias: n, entry: registry.remotes[n].manifest })),
    { force: true },
  );

  // How each region fared, reported with its registry version (analytics.ts): the canary's evidence.
  const notice = (name: string) => {
    showNotice(name);
    reportRegion(opts.bus, name, 'notice');
  };
  addErrorHandler((err) => {
    const name = (err as { appOrParcelName?: string }).appOrParcelName;
    console.error(`[shell] remote ${name} failed`, err);
    if (!name) return;
    reportRegion(opts.bus, name, 'error');
    notice(name);
  });

  const register = (name: string, region: Region) =>
    registerApplication<{ bus: Bus; domElement: HTMLElement }>({
      name,
      app: async () => {
        try {
          const mod = await withTimeout(
            federation().loadRemote<LifeCycles<{ bus: Bus; domElement: HTMLElement }>>(lifecyclesOf(name)),
            opts.timeoutMs,
            name,
          );
          if (!mod || typeof mod.mount !== 'function') throw new Error(`${name} exposes no single-spa lifecycles`);
          const mount = mod.mount;
          return {
            ...mod,
            mount: async (props: { bus: Bus; domElement: HTMLElement } & AppProps) => {
              await mount(props);
              reportRegion(opts.bus, name, 'mount');
            },
          };
        } catch (err) {
          reportRegion(opts.bus, name, 'load-failure');
          notice(name);
          throw err;
        }
      },
      activeWhen: (loc) => loc.pathname.startsWith(SEARCH_PATH),
      customProps: () => ({ bus: opts.bus, domElement: document.getElementById(region.id)! }),
    });
  for (const name of names) {
    const region = regionFor(name)!;
    // A region wanted later is registered later: its server HTML shows meanwhile, and no
    // single-spa route change waits on it.
    if (region.hydrate === 'first') {
      // Held from now until it has mounted: the shell has said it holds its regions' input.
      const sent = sentBeforeStart(region, true);
      register(name, region);
      sent?.();
    } else {
      const early = region.awaits ? startAwaiting(name, region, opts) : null;
      void whenWanted(region, opts.bus, early?.woken).then((afterRegister) => {
        early?.stop();
        register(name, region);
        afterRegister();
      });
    }
  }
  return names;
}

/** The Module Federation id of a remote's lifecycles module. */
const lifecyclesOf = (name: string) => `${federationName(name)}/${LIFECYCLES_MODULE.slice(2)}`;

/**
 * A region that `awaits`: its lifecycles module loads now, and its `awaiting` (contracts
 * Awaiting) runs on the server HTML until the region is wanted. `woken` resolves when it asks for
 * the region; `stop()` ends it before the mount. A module that fails to load, or an awaiting that
 * throws, leaves the region as a 'reached' one: its code loads when wanted, and fails then as any
 * remote's does.
 */
function startAwaiting(name: string, region: Region, opts: { bus: Bus; timeoutMs: number }) {
  let wake!: () => void;
  const woken = new Promise<void>((resolve) => (wake = resolve));
  let stopped = false;
  let stopIt: () => void = () => {};
  void withTimeout(federation().loadRemote<Record<string, unknown>>(lifecyclesOf(name)), opts.timeoutMs, name)
    .then((mod) => {
      const awaiting = mod?.[AWAITING_EXPORT] as Awaiting | undefined;
      const el = document.getElementById(region.id);
      if (stopped || typeof awaiting !== 'function' || !el) return;
      stopIt = awaiting({ bus: opts.bus, domElement: el, wake });
    })
    .catch((err: unknown) => console.error(`[shell] ${name} could not start awaiting`, err));
  return {
    woken,
    stop() {
      stopped = true;
      try {
        stopIt();
      } catch (err) {
        console.error(`[shell] ${name} could not stop awaiting`, err);
      }
    },
  };
}

export { getAppStatus };
