/**
 * The shared state and intent channel of the page bus (packages/bus implements them).
 * Every event name carries the owning team's prefix. Extend only compatibly: add events or
 * optional fields; never rename, remove or retype. `bus-contract.ts` describes every field (the
 * compiler keeps it equal to these types) and `contracts.test.ts` compares it with
 * `contract-baseline.json`.
 */
import type { Brand, FeatureFlags } from './brand';
import type { LeadProfile, Listing, SearchResult } from './listing';
import type { PageEvent } from './analytics';
import type { SearchQuery, SortBy } from './query';

export type RequestStatus = 'idle' | 'loading' | 'loading-more' | 'success' | 'error';

export interface SearchSlice {
  query: SearchQuery;
  result: SearchResult | null;
  status: RequestStatus;
  /** Grows with every search the shell starts; answers to older ids are dropped. */
  requestId: number;
  error: string | null;
  /**
   * The default sort in force (the configured reading of search-results §3: 'relevance' or
   * 'derivedpriceDESC'): a query without sortBy is searched, and shown, with it.
   */
  defaultSort?: SortBy;
}

export interface SessionSlice {
  signedIn: boolean;
  leadProfile: LeadProfile | null;
  /** The configured sign-in path (search-results spec §2: it comes from configuration). */
  signInPath?: string;
  /**
   * The signed-in shopper's browsing history from the first-load state (the vehicles of their
   * still-active alerts; the gateway fetches it at most once every 120000 ms, never for bots).
   * Null or absent for anonymous shoppers.
   */
  /**
   * The signed-in shopper's still-active alerts: the vehicles they name, when the gateway fetched
   * them, and the shopper's consumer id (the still-interested alert sends it as consumer_id).
   */
  browsingHistory?: { vins: string[]; fetchedAt: number; consumerId?: string } | null;
  /** The session value 'emailSubscribe' from the first-load state ('closed', 'subscribed', or null). */
  emailSubscribe?: string | null;
  /** The previous search-page visit from the first-load state (ms since 1970), or null. */
  lastInventoryView?: number | null;
}

export interface CompareItem {
  id: string;
  title: string;
  price: number | null;
  image: string | null;
  year: number;
}

export interface CompareSlice {
  items: CompareItem[];
  open: boolean;
}

export interface SavedSearchSlice {
  /** Saved-search titles; filled only for signed-in users. */
  titles: string[];
  count: number;
  subscribedEmail: string | null;
  /** The search (savedSearchString) that address was subscribed to, when known. */
  subscribedSearch?: string;
  status: 'idle' | 'saving' | 'saved' | 'refused' | 'error';
  message: string | null;
}

export interface BrandSlice {
  brand: Brand;
  flags: FeatureFlags;
  /** Page layout values from configuration (absent: each remote's own defaults). */
  layout?: PageLayout;
}

/** Layout values a page's configuration sets for the remotes (page-furniture §9). */
export interface PageLayout {
  /** The showcase carousel's cell width in CSS px (page-furniture §9: 'carousel cell width from config'). */
  showcaseCellWidth?: number;
}

export interface ModalSlice {
  open: string | null;
}

export interface SharedState {
  search: SearchSlice;
  session: SessionSlice;
  compare: CompareSlice;
  savedSearch: SavedSearchSlice;
  brand: BrandSlice;
  modal: ModalSlice;
}

export type SliceName = keyof SharedState;

/** Intents. Payloads are plain data (structured-cloneable). */
export interface BusEvents {
  /** A filter, sort, ZIP or radius change: the shell runs a new search with paging reset. */
  'filters:changed': { query: SearchQuery; source?: string };
  /** The results grid wants the next page appended. */
  'results:load-more': { firstRecord: number };
  /** Add a listing to the compare drawer (once, at most 5 active). */
  'compare:add': { listing: Listing };
  /** Remove a listing from the compare drawer. */
  'compare:remove': { listingId: string };
  /** Save the current search (alerts owns the outcome). */
  'alerts:save-search': { query: SearchQuery; email?: string };
  /** The shell applied a search: new query and result are in the search slice. */
  'shell:search-settled': { requestId: number; ok: boolean };
  /** A click or impression to report (analytics.ts): the shell batches and sends them. */
  'shell:page-event': PageEvent;
}

export type BusEventName = keyof BusEvents;

/** Props the shell hands every remote through single-spa. */
export interface RemoteProps {
  name: string;
  bus: import('./bus-api').Bus;
  domElement?: HTMLElement;
}
