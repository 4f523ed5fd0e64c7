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
  /**
   * When the region's code loads and its server HTML hydrates, so the first paint's main thread
   * is spent on what the shopper sees. 'first': as soon as the page has loaded. 'idle': once the
   * page is idle (hidden until used). 'visible': below the fold; when it comes within a screen of
   * the viewport or takes focus (a region that has no server HTML to show loads on idle).
   */
  hydrate: 'first' | 'idle' | 'visible';
}

export const REGIONS: Region[] = [
  { remote: 'mf-filters', id: 'region-filters', label: 'Filters', tag: 'aside', hydrate: 'first' },
  { remote: 'mf-showcase', id: 'region-showcase', label: 'Sponsored dealer', tag: 'section', hydrate: 'first' },
  { remote: 'mf-alerts', id: 'region-alerts', label: 'Search alerts', tag: 'section', hydrate: 'first' },
  { remote: 'mf-results', id: 'region-results', label: 'Vehicle listings', tag: 'section', hydrate: 'first' },
  { remote: 'mf-reference', id: 'region-reference', label: 'Model reference', tag: 'section', hydrate: 'visible' },
  { remote: 'mf-compare', id: 'region-compare', label: 'Compare', tag: 'section', hydrate: 'first' },
];

export function regionFor(remote: string): Region | undefined {
  return REGIONS.find((r) => r.remote === remote);
}
