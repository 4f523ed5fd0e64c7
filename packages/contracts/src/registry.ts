import type { Bus } from './bus-api';

/**
 * The one list of remotes: the registry the gateway serves, the regions the shell lays out, the
 * dev-server ports (packages/mf-build/ports.js reads this list from this file), the end-to-end
 * suite and the deploy gates all derive from it. Adding a remote starts here; a test
 * (test/registry.test.ts) fails until its workspace, build pipeline and region exist.
 */
export const REMOTE_NAMES = ['mf-results', 'mf-filters', 'mf-showcase', 'mf-reference', 'mf-compare', 'mf-alerts'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Each remote's region as a screen reader announces it (the region's accessible name): the shell
 * labels its regions with these, and tests find a region by them.
 */
export const REGION_LABELS: Readonly<Record<RemoteName, string>> = {
  'mf-results': 'Vehicle listings',
  'mf-filters': 'Filters',
  'mf-showcase': 'Sponsored dealer',
  'mf-reference': 'Model reference',
  'mf-compare': 'Compare',
  'mf-alerts': 'Search alerts',
};

/**
 * Where a region remembers the shopper's session (sessionStorage key): a region that waits for
 * first use or reach before loading (the compare drawer, the showcase) loads at once when its key
 * holds something, so what the shopper chose before a reload (a selection, a hidden showcase)
 * shows again without another click.
 */
export const REGION_MEMORY_KEYS: Readonly<Partial<Record<RemoteName, string>>> = {
  'mf-compare': 'cfs:mf-compare:selection',
  'mf-showcase': 'mf-showcase:hidden',
};

export interface RegistryEntry {
  /** Immutable version path segment, e.g. "1.0.0-3fa2c1d9". */
  version: string;
  /** URL of the build's mf-manifest.json. */
  manifest: string;
  /**
   * Subresource Integrity hash (sha384) of the remote entry script the manifest names, as the
   * build declared it and the deploy verified it: the shell loads the entry with it.
   * Absent for staging overrides.
   */
  integrity?: string;
}

export interface Registry {
  remotes: Record<string, RegistryEntry>;
  /** The live version of the shell (its browser scripts and the server container of the frame). */
  shell?: { version: string };
}

/** Module Federation container name for a remote folder name ("mf-results" -> "mf_results"). */
export function federationName(remote: string): string {
  return remote.replace(/[^a-zA-Z0-9_]/g, '_');
}

/**
 * The prefix of the ids React generates (useId) in a remote's region: each region is its own
 * React root, and without a prefix two regions would both generate the same ids, so a label in
 * one could name a control in another. The server render and the browser's root use the same.
 */
export function regionIdPrefix(remote: string): string {
  return `${federationName(remote)}-`;
}

/** Every remote exposes its single-spa lifecycles under this module name. */
export const LIFECYCLES_MODULE = './lifecycles';

/**
 * What a region's code does while its server HTML waits for the shopper ('reached' hydration):
 * for a region whose layout says `awaits` (the shell's regions.ts), the shell loads the
 * lifecycles module with the page and, when it exports `awaiting`, calls it at once. That part of
 * the module must need no React (its React part loads with `mount`): it does what cannot wait for
 * the shopper (counting what is seen, watching for the end of a list coming near) on the server
 * HTML, and calls `wake()` when the region is wanted now. The shell calls the function it returns
 * before it mounts the region.
 */
export interface AwaitingProps {
  bus: Bus;
  domElement: HTMLElement;
  wake(): void;
}
export type Awaiting = (props: AwaitingProps) => () => void;
/** The export of a lifecycles module that is its Awaiting. */
export const AWAITING_EXPORT = 'awaiting';
