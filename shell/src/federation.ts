/**
 * The Module Federation runtime the shell loads remotes with: the instance the build plugin put in
 * the page, and the runtime plugins the shell adds to it (a region's stylesheet that the page
 * already carries inline is not loaded again; each remote's entry is checked against the
 * registry's integrity hash).
 */
import { federationName, type Registry } from '@cfs/contracts';

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
export interface FederationPlugin {
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

export function federation(): FederationInstance {
  return __webpack_require__.federation.instance;
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
