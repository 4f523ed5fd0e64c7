import type { RemoteName } from '@cfs/contracts';

/**
 * The page layout: one region per remote. `minHeight` reserves each region's space in the
 * first HTML so nothing shifts when remotes mount.
 */
export interface Region {
  remote: RemoteName;
  id: string;
  label: string;
  tag: 'section' | 'aside' | 'div';
  minHeight: number;
}

export const REGIONS: Region[] = [
  { remote: 'mf-filters', id: 'region-filters', label: 'Filters', tag: 'aside', minHeight: 480 },
  { remote: 'mf-showcase', id: 'region-showcase', label: 'Sponsored dealer', tag: 'section', minHeight: 120 },
  { remote: 'mf-alerts', id: 'region-alerts', label: 'Search alerts', tag: 'section', minHeight: 56 },
  { remote: 'mf-results', id: 'region-results', label: 'Vehicle listings', tag: 'section', minHeight: 900 },
  { remote: 'mf-reference', id: 'region-reference', label: 'Model reference', tag: 'section', minHeight: 240 },
  { remote: 'mf-compare', id: 'region-compare', label: 'Compare', tag: 'section', minHeight: 0 },
];

export function regionFor(remote: string): Region | undefined {
  return REGIONS.find((r) => r.remote === remote);
}
