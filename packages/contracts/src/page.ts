import type { Brand, FeatureFlags } from './brand';
import type { Registry } from './registry';
import type { PageSearchResult } from './listing';
import type { SearchQuery } from './query';

/** First-load state the gateway inlines into the page HTML. */
export interface FirstLoadState {
  brand: Brand;
  flags: FeatureFlags;
  signedIn: boolean;
  query: SearchQuery;
  /** The base search's answer as the page reads it (forPage: PAGE_LISTING_FIELDS, PAGE_OWNER_FIELDS). */
  result: PageSearchResult | null;
  /** Set when the base search failed: the shell shows the error screen. */
  searchError: string | null;
  registry: Registry;
  config: PageConfig;
  /** Still-active alerts of a signed-in person, fetched at most once every 120000 ms (never for bots). */
  browsingHistory?: { alerts: unknown[]; vins?: string[]; fetchedAt?: number; consumerId?: string } | null;
  /**
   * Set when the shopper was sent here from a listing that is no longer available (page-furniture
   * §2 "Other"): what it was ('Honda Civic', or 'vehicle' when its make and model are not known).
   * The hero shows MESSAGES.expiredListing(vehicle) and MESSAGES.expiredListingFollowUp.
   */
  expiredListing?: { vehicle: string } | null;
  /**
   * The session value 'emailSubscribe' ('closed' once the email-alert prompt was closed,
   * 'subscribed' after a subscription) as the page's session cookie of that name carries it, so the
   * server render already knows whether the prompt shows (page-furniture §4 Email-alert prompt).
   */
  emailSubscribe?: 'closed' | 'subscribed' | null;
  /**
   * When the shopper last opened a search page before this one (ms since 1970), from the gateway's
   * cookie (gateway/src/page/inventory-view.ts): the notification prompt's recent-inventory view.
   */
  lastInventoryView?: number | null;
  /**
   * The page of this site the shopper came from (a same-origin path the gateway checked), for the
   * hero's back link (page-furniture §2 "optional back link"); absent when they came from elsewhere.
   */
  backHref?: string | null;
}

export interface PageConfig {
  /** Listings per page (search-results spec: from configuration). */
  pageSize: number;
  /** Milliseconds a remote may take to load before its region shows a notice. */
  remoteTimeoutMs: number;
  signInPath: string;
  /** 'relevance' (state default) or 'derivedpriceDESC' (option-file default). */
  defaultSort: string;
  /** Which API base the browser calls (the gateway's own origin by default). */
  apiBase: string;
  /** The showcase carousel's cell width in CSS px (page-furniture §9), when configured. */
  showcaseCellWidth?: number;
  /**
   * The footer ad on small screens (page-furniture §9: '320x50 plus optionally 320x250 or
   * 728x90'): '320x50' (the default), or the optional '320x250'. Large screens take 728x90.
   */
  footerAdSmall?: FooterAdSmall;
}

export const FOOTER_AD_SMALL_SIZES = ['320x50', '320x250'] as const;
export type FooterAdSmall = (typeof FOOTER_AD_SMALL_SIZES)[number];

export const FIRST_LOAD_STATE_ID = 'cfs-first-load-state';

/**
 * The id of the model reference section's heading: the hero's 'Learn more about {make model}'
 * link jumps to it and moves focus there (page-furniture §2, results count heading).
 */
export const REFERENCE_ANCHOR_ID = 'ref-about';
