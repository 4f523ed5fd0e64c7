/** The remote registry the gateway serves and the shell reads at start-up. */
export const REMOTE_NAMES = [
  'mf-results',
  'mf-filters',
  'mf-showcase',
  'mf-reference',
  'mf-compare',
  'mf-alerts',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RegistryEntry {
  /** Immutable version path segment, e.g. "1.0.0-3fa2c1d9". */
  version: string;
  /** URL of the build's mf-manifest.json. */
  manifest: string;
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

/** Every remote exposes its single-spa lifecycles under this module name. */
export const LIFECYCLES_MODULE = './lifecycles';
