/**
 * Loading remotes at run time: the registry comes from the gateway, each entry is registered with
 * the Module Federation runtime (no remote URL is compiled into the shell) and mounted by
 * single-spa into its region. A remote that is missing, slow or throws leaves its region with a
 * short notice while every other region works.
 */
import { registerApplication, addErrorHandler, getAppStatus, MOUNTED, type AppProps, type LifeCycles } from 'single-spa';
import {
  federationName,
  LIFECYCLES_MODULE,
  REGION_MEMORY_KEYS,
  REGISTRY_PATH,
  SEARCH_PATH,
  type Bus,
  type BusEventName,
  type BusEvents,
  type Registry,
} from '@cfs/contracts';
import { earlyInput, reportRegion, SERVER_RENDERED_ATTR, showRegionNotice, WANTED_NOW_ATTR } from '@cfs/remote-kit';
import { regionFor, type Region } from './regions';

/**
 * The Module Federation runtime instance the build plugin already put in the shell. Using it
 * (rather than importing '@module-federation/enhanced/runtime') keeps one copy of the runtime in
 * the page.
 */
interface FederationInstance {
  registerRemotes(remotes: { name: string; alias?: string; entry: string }[], options?: { force?: boolean }): void;
  registerPlugins(plugins: FederationPlugin[]): void;
  loadRemote<T>(id: string): Promise<T | null>;
}
interface FederationPlugin {
  name: string;
  beforePreloadRemote?(args: { preloadOps: { filter?: (url: string) => boolean }[] }): void;
  createScript?(args: {
    url: string;
    attrs?: Record<string, unknown>;
    remoteInfo?: { name: string; entry: string };
    resourceContext?: { resourceType: string };
  }): HTMLScriptElement | void;
}
declare const __webpack_require__: { federation: { instance: FederationInstance } };

function federation(): FederationInstance {
  return __webpack_require__.federation.instance;
}

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

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/** Resolves once the browser is idle (or after `timeoutMs` at the latest). */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1);
  });
}

/** The file name at the end of an asset URL. */
function fileName(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1).split(/[?#]/)[0];
}

/**
 * The regions' stylesheets the page already carries inline (<style data-href="<file name>">):
 * the runtime does not preload them again. (Each remote's own chunk loading finds them too.)
 */
export const inlineStylesPlugin = (doc: Document = document): FederationPlugin => ({
  name: 'cfs-inline-styles',
  beforePreloadRemote({ preloadOps }) {
    const inline = new Set([...doc.querySelectorAll('style[data-href]')].map((s) => s.getAttribute('data-href')));
    for (const op of preloadOps) {
      const previous = op.filter;
      op.filter = (url) => !(url.endsWith('.css') && inline.has(fileName(url))) && (!previous || previous(url));
    }
  },
});

/**
 * Each remote's entry script is loaded with the Subresource Integrity hash the registry carries
 * (verified by the deploy): the browser refuses bytes other than the published ones, and the
 * remote fails like an unreachable one. CORS mode (crossorigin) is what integrity checks need;
 * the gateway serves the remotes' files with access-control-allow-origin.
 */
export const integrityPlugin = (registry: Registry, doc: Document = document): FederationPlugin => {
  const hashes = new Map(
    Object.entries(registry.remotes).flatMap(([n, e]) => (e.integrity ? [[federationName(n), e.integrity] as const] : [])),
  );
  return {
    name: 'cfs-integrity',
    createScript({ url, attrs, remoteInfo, resourceContext }) {
      const isEntry = remoteInfo && (resourceContext?.resourceType === 'remoteEntry' || url === remoteInfo.entry);
      const integrity = isEntry ? hashes.get(remoteInfo.name) : undefined;
      if (!integrity) return;
      const script = doc.createElement('script');
      for (const [k, v] of Object.entries(attrs ?? {})) script.setAttribute(k, String(v));
      script.setAttribute('integrity', integrity);
      script.setAttribute('crossorigin', 'anonymous');
      script.src = url;
      return script;
    },
  };
};

/**
 * Resolves when a 'visible' region nears the viewport (within a screen) or takes focus; at once
 * where the browser cannot tell.
 */
export function whenNear(el: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver !== 'function') return resolve();
    const done = () => {
      io.disconnect();
      el.removeEventListener('focusin', done);
      resolve();
    };
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: '100% 0px' });
    io.observe(el);
    el.addEventListener('focusin', done);
  });
}

/**
 * Whether the region arrived server-rendered and empty (an empty drawer renders nothing): only
 * then can its code wait for first use. A region the server did not render (its render failed,
 * or a staging override) loads on idle, so a remote that cannot load still shows its notice.
 */
/** Whether the region remembers something of this session (REGION_MEMORY_KEYS): then it loads on idle. */
export function remembers(region: Region, storage: Pick<Storage, 'getItem'> | null = sessionStore()): boolean {
  const key = REGION_MEMORY_KEYS[region.remote];
  try {
    return !!key && !!storage?.getItem(key);
  } catch {
    return false;
  }
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function serverHtmlEmpty(el: HTMLElement | null): boolean {
  const root = el?.querySelector(`[${SERVER_RENDERED_ATTR}]`);
  return !!root && root.childElementCount === 0 && !root.textContent?.trim();
}

type HeldEvent = { [E in BusEventName]: { name: E; payload: BusEvents[E] } }[BusEventName];

/**
 * Resolves at the first of the region's wake events, holding it and any that follow until
 * `release` hands them to the mounted region (which subscribes to them on mount).
 */
export function whenUsed(bus: Bus, events: BusEventName[]) {
  const held: HeldEvent[] = [];
  const offs: (() => void)[] = [];
  const used = new Promise<void>((resolve) => {
    for (const name of events) {
      offs.push(
        bus.on(name, (payload) => {
          held.push({ name, payload } as HeldEvent);
          resolve();
        }),
      );
    }
  });
  return {
    used,
    /** Stops holding; replays what was held when `deliver` is true (dropped if the region failed). */
    release(deliver: boolean) {
      for (const off of offs.splice(0)) off();
      for (const e of held.splice(0)) if (deliver) bus.publish(e.name, e.payload as never);
    },
  };
}

/**
 * What a shopper does that reaches into a region ('reached' hydration). A click, a submit, an
 * input and a change count too: assistive technology may press a button or choose an option with
 * no pointer or key event before it.
 */
const REACH_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click', 'submit', 'input', 'change'] as const;

/**
 * Resolves at the shopper's first reach into `el`, at the first search after this one, or when
 * what `shows` reads of the state changes, whichever comes first (at once if the shopper already
 * changed a control of its server HTML).
 * Until `release`, a button of the region pressed, a form of it sent and Enter in a field outside
 * a form are held (the form is not sent to the server by the browser meanwhile); `release(true)`,
 * once the region is mounted, presses, sends and gives them again, on the same elements a
 * hydration kept.
 */
export function whenReached(el: HTMLElement, bus: Bus, shows?: Region['shows']) {
  const held: (HTMLButtonElement | HTMLFormElement | HTMLInputElement)[] = [];
  const onClick = (e: Event) => {
    const button = (e.target as Element | null)?.closest?.('button');
    if (button instanceof HTMLButtonElement && button.type === 'button' && !held.includes(button)) held.push(button);
  };
  // Enter in a field outside any form (a form's is a submit, held as one): the region's key handler.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement && !e.target.form && !held.includes(e.target)) held.push(e.target);
  };
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (e.target instanceof HTMLFormElement && !held.includes(e.target)) held.push(e.target);
  };
  el.addEventListener('click', onClick, true);
  el.addEventListener('submit', onSubmit, true);
  el.addEventListener('keydown', onKey, true);
  let stopWaiting = () => {};
  const reached = new Promise<void>((resolve) => {
    const start = bus.getState().search.requestId;
    const shown = shows?.(bus.getState());
    const done = () => {
      stopWaiting();
      resolve();
    };
    const off = bus.subscribe((state) => (state.search.requestId !== start || (shows && shows(state) !== shown)) && done());
    for (const type of REACH_EVENTS) el.addEventListener(type, done, { capture: true, passive: true });
    stopWaiting = () => {
      off();
      for (const type of REACH_EVENTS) el.removeEventListener(type, done, true);
    };
    // Reached before the shell started: something typed, chosen or ticked in the server HTML.
    if (earlyInput(el).length) done();
  });
  return {
    reached,
    release(deliver: boolean) {
      stopWaiting();
      el.removeEventListener('click', onClick, true);
      el.removeEventListener('submit', onSubmit, true);
      el.removeEventListener('keydown', onKey, true);
      for (const target of held.splice(0)) {
        if (!deliver || !target.isConnected) continue;
        if (target instanceof HTMLFormElement) target.requestSubmit();
        else if (target instanceof HTMLInputElement) {
          // Pressed while the shopper was still in the field (one left since has had its leaving).
          if (target.ownerDocument.activeElement === target) {
            target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
          }
        } else if (!target.disabled) target.click();
      }
    },
  };
}

/** Resolves true once single-spa has mounted the app, false if it could not. */
export function whenMounted(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      const status = getAppStatus(name);
      if (status === MOUNTED || (status && /BROKEN|ERROR/.test(status))) {
        window.removeEventListener('single-spa:app-change', check);
        window.removeEventListener('single-spa:routing-event', check);
        resolve(status === MOUNTED);
      }
    };
    window.addEventListener('single-spa:app-change', check);
    window.addEventListener('single-spa:routing-event', check);
    check();
  });
}

/** When a region's code should load (see Region.hydrate). */
export async function whenWanted(region: Region, bus: Bus): Promise<() => void> {
  const el = document.getElementById(region.id);
  const none = () => {};
  if (region.hydrate === 'visible' && el?.querySelector(`[${SERVER_RENDERED_ATTR}]`)) return whenNear(el).then(() => none);
  if (region.hydrate === 'used' && region.wakeOn?.length && serverHtmlEmpty(el) && !remembers(region)) {
    const wake = whenUsed(bus, region.wakeOn);
    await wake.used;
    return () => void whenMounted(region.remote).then((ok) => wake.release(ok));
  }
  if (region.hydrate === 'reached' && el?.querySelector(`[${SERVER_RENDERED_ATTR}]`) && !remembers(region)) {
    // Its server HTML holds a part only its code can finish (remote-kit's WantedNow).
    if (el.querySelector(`[${WANTED_NOW_ATTR}]`)) return none;
    const reach = whenReached(el, bus, region.shows);
    const wake = region.wakeOn?.length ? whenUsed(bus, region.wakeOn) : null;
    await Promise.race([reach.reached, ...(wake ? [wake.used] : [])]);
    return () =>
      void whenMounted(region.remote).then((ok) => {
        reach.release(ok);
        wake?.release(ok);
      });
  }
  if (region.hydrate !== 'first') await whenIdle();
  return none;
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
            federation().loadRemote<LifeCycles<{ bus: Bus; domElement: HTMLElement }>>(
              `${federationName(name)}/${LIFECYCLES_MODULE.slice(2)}`,
            ),
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
    if (region.hydrate === 'first') register(name, region);
    else
      void whenWanted(region, opts.bus).then((afterRegister) => {
        register(name, region);
        afterRegister();
      });
  }
  return names;
}

export { getAppStatus };
