import type { RemoteName } from '@cfs/contracts';

/**
 * The page layout: one region per remote. Each region's space is reserved by the layout's CSS
 * (layout-css.ts), per viewport, so nothing shifts when a region is rendered in the browser.
 */
export interface Region {
  remote: RemoteName;
  id: string;
  label: string;
  tag: 'section' | 'aside' | 'div';
}

export const REGIONS: Region[] = [
  { remote: 'mf-filters', id: 'region-filters', label: 'Filters', tag: 'aside' },
  { remote: 'mf-showcase', id: 'region-showcase', label: 'Sponsored dealer', tag: 'section' },
  { remote: 'mf-alerts', id: 'region-alerts', label: 'Search alerts', tag: 'section' },
  { remote: 'mf-results', id: 'region-results', label: 'Vehicle listings', tag: 'section' },
  { remote: 'mf-reference', id: 'region-reference', label: 'Model reference', tag: 'section' },
  { remote: 'mf-compare', id: 'region-compare', label: 'Compare', tag: 'section' },
];

export function regionFor(remote: string): Region | undefined {
  return REGIONS.find((r) => r.remote === remote);
}
