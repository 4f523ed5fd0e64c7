import { REGION_LABELS, type BusEventName, type RemoteName, type SharedState } from '@cfs/contracts';

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
   * the viewport or takes focus (a region that has no server HTML to show loads on idle; one
   * rendered empty, at the next search or when what it `shows` changes).
   * 'used': on the first of its `wakeOn` bus events, which the shell then hands to it once it is
   * mounted (a region whose server HTML shows something, or that the server did not render,
   * loads on idle instead). 'reached': its server HTML is the first paint and stays as it is
   * until the shopper reaches into the region (pointer, touch, focus, key) or the search changes;
   * a button pressed or a form sent meanwhile is pressed or sent again once the region is mounted
   * (a region the server did not render, or whose session memory holds something, loads on idle;
   * one whose server HTML has a part only its code can finish, remote-kit's WantedNow, loads at once).
   */
  hydrate: 'first' | 'idle' | 'visible' | 'used' | 'reached';
  /**
   * For 'used': the intents that bring the region's code in. For 'reached': intents that bring it
   * in too; either way the shell holds them and hands them to the region once it is mounted.
   */
  wakeOn?: BusEventName[];
  /**
   * For 'reached': what else of the shared state than the search its server HTML shows. When it
   * changes before the shopper reaches in, the region hydrates, so it does not go on showing what
   * was true when the page was made.
   */
  shows?: (state: SharedState) => unknown;
  /**
   * For 'reached': the region's lifecycles module loads with the page, and its `awaiting`
   * (contracts Awaiting: no React) runs on the server HTML until the region is wanted, or asks
   * for it at once. Its React part loads with the mount.
   */
  awaits?: boolean;
}

/**
 * Where each remote's region sits and how it hydrates, one entry per remote of the contracts'
 * REMOTE_NAMES (the type refuses a missing or unknown remote), in page order. The accessible name
 * is the contracts' REGION_LABELS.
 */
const LAYOUT: Record<RemoteName, Omit<Region, 'remote' | 'label'>> = {
  // Its server HTML is the whole panel (both screen sizes, CSS picks one); a choice made before
  // its code arrives is searched once it has hydrated.
  'mf-filters': { id: 'region-filters', tag: 'aside', hydrate: 'reached', shows: (s) => s.savedSearch.status },
  // Links work before any code; its buttons and a new search's showcase need it.
  'mf-showcase': { id: 'region-showcase', tag: 'section', hydrate: 'reached' },
  // The email-alert prompt works from the server HTML until reached; Save Search (in the filter
  // panel's 'Your Search' card) brings its code with its intent.
  // An address subscribed in the capture after the results shows in its prompt too.
  'mf-alerts': {
    id: 'region-alerts',
    tag: 'section',
    hydrate: 'reached',
    wakeOn: ['alerts:save-search'],
    shows: (s) => s.savedSearch.subscribedEmail,
  },
  // Its server HTML is the first paint and works as it is: a card's links are links, a button
  // pressed is pressed again once hydrated. Its impressions are counted meanwhile, with no React
  // (the remote's awaiting/), so a phone's first load carries no React at all.
  // The compare selection its cards show comes from the session, read by the compare drawer's code.
  'mf-results': { id: 'region-results', tag: 'section', hydrate: 'reached', awaits: true, shows: (s) => s.compare.items },
  'mf-reference': { id: 'region-reference', tag: 'section', hydrate: 'visible' },
  // Empty until a listing is added: its code loads with the first 'Add to Compare'.
  'mf-compare': { id: 'region-compare', tag: 'section', hydrate: 'used', wakeOn: ['compare:add'] },
};

export const REGIONS: Region[] = (Object.keys(LAYOUT) as RemoteName[]).map((remote) => ({
  remote,
  label: REGION_LABELS[remote],
  ...LAYOUT[remote],
}));

/** Whether a region's code starts loading with the page: it hydrates at once, or its lifecycles module `awaits`. */
export function loadsWithPage(region: Region): boolean {
  return region.hydrate === 'first' || region.awaits === true;
}

export function regionFor(remote: string): Region | undefined {
  return REGIONS.find((r) => r.remote === remote);
}

/**
 * The remotes whose code a phone loads with the page, before the shopper does anything: a region
 * hydrated at once, and one whose lifecycles module `awaits` (its entry and that module; its React
 * part loads with the mount, in chunks the gate does not count). A region hydrated when near the
 * viewport is below a phone's first screen on every page type, and is not counted. The shell's
 * build writes them into its asset manifest (`firstLoad.regions`), and the deploy gate's
 * page-level check counts their first-load JavaScript with the shell's.
 */
export const FIRST_LOAD_REMOTES: readonly RemoteName[] = REGIONS.filter(loadsWithPage).map((r) => r.remote);

/** Those of them that hydrate at once: the page loads the React family the shell provides with them (`firstLoad.hydrating`). */
export const HYDRATING_REMOTES: readonly RemoteName[] = REGIONS.filter((r) => r.hydrate === 'first').map((r) => r.remote);
