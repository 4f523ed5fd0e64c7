/**
 * The tier calls of a search (page-furniture §4, §7): premium spotlights (3), featured and standard
 * spotlights (6 each), new-car boost and vehicle highlights, each through the gateway's route.
 * Which calls are made follows search-query's request conditions; the URLs are the same on the
 * server render and in the browser, so the first browser render reads the server's answers.
 */
import {
  LIMITS,
  API_PATHS,
  type FeatureFlags,
  type PageListing,
  type PageOwner,
  type SearchQuery,
  type PageSearchResult,
} from '@cfs/contracts';
import { boostRequested, resetPaging, serializeQuery, spotlightsRequested } from '@cfs/search-query';
import type { TierListings } from './slots';

export const PREMIUM_PATH = API_PATHS.premiumSpotlight;
export const SPOTLIGHT_PATH = API_PATHS.spotlightResults;
export const BOOST_PATH = API_PATHS.boostListings;
export const HIGHLIGHT_PATH = API_PATHS.vehicleHighlights;
/**
 * Vehicle highlights asked for: the carousel row holds them (the call answers 10 at most); without
 * the carousel row they fill the premium offsets the premium spotlights leave.
 */
export const HIGHLIGHTS_ASKED = 10;

export interface TierUrls {
  premium: string | null;
  featured: string | null;
  standard: string | null;
  boost: string | null;
  highlights: string | null;
}

function url(path: string, query: SearchQuery, extra: string): string {
  const qs = serializeQuery(resetPaging(query));
  return `${path}?${qs ? `${qs}&` : ''}${extra}`;
}

/** The highest spotlightPage the gateway's spotlight routes accept; later blocks carry no tier cells. */
export const SPOTLIGHT_PAGE_MAX = 1000;

/** The first page's tier calls (spotlightPage 1): the server render fetches these same URLs. */
export function tierUrls(query: SearchQuery, flags: Partial<FeatureFlags>, currentYear: number, defaultSort?: string): TierUrls {
  const spotlights = spotlightsRequested(query, flags.nonRelevanceSpotlights === true, defaultSort);
  const page = 'spotlightPage=1';
  return {
    premium:
      spotlights && flags.premiumSpotlight
        ? url(PREMIUM_PATH, query, `numSpotlights=${LIMITS.premiumSpotlights}&listingTier=premium&${page}`)
        : null,
    featured: spotlights ? url(SPOTLIGHT_PATH, query, `numSpotlights=${LIMITS.featuredSpotlights}&listingTier=featured&${page}`) : null,
    standard: spotlights ? url(SPOTLIGHT_PATH, query, `numSpotlights=${LIMITS.standardSpotlights}&listingTier=standard&${page}`) : null,
    boost: boostRequested(query, currentYear) ? url(BOOST_PATH, query, 'numRecords=2') : null,
    highlights: spotlights && flags.vehicleHighlight ? url(HIGHLIGHT_PATH, query, `numRecords=${HIGHLIGHTS_ASKED}`) : null,
  };
}

/** The tier calls of a later page: its premium spotlights and its fourth-tier (featured) candidates. */
export interface PageTierUrls {
  premium: string | null;
  fourthTier: string | null;
}

/**
 * The tier calls a load-more page makes (page-furniture §4: each page adds premium spotlight
 * listings and a fourth-tier listing), asking for its `spotlightPage` (2 and up; page 1's calls
 * are tierUrls'). Past the routes' last spotlight page, none.
 */
export function pageTierUrls(query: SearchQuery, flags: Partial<FeatureFlags>, spotlightPage: number, defaultSort?: string): PageTierUrls {
  const spotlights = spotlightsRequested(query, flags.nonRelevanceSpotlights === true, defaultSort);
  if (!spotlights || !Number.isInteger(spotlightPage) || spotlightPage < 2 || spotlightPage > SPOTLIGHT_PAGE_MAX) {
    return { premium: null, fourthTier: null };
  }
  const page = `spotlightPage=${spotlightPage}`;
  return {
    premium: flags.premiumSpotlight
      ? url(PREMIUM_PATH, query, `numSpotlights=${LIMITS.premiumSpotlights}&listingTier=premium&${page}`)
      : null,
    fourthTier: url(SPOTLIGHT_PATH, query, `numSpotlights=${LIMITS.featuredSpotlights}&listingTier=featured&${page}`),
  };
}

export function allTierUrls(urls: TierUrls): string[] {
  return Object.values(urls).filter((u): u is string => typeof u === 'string');
}

/** A tier answer as the grid uses it: its listings and owners (anything else reads as none). */
export interface TierAnswer {
  listings: PageListing[];
  owners: PageOwner[];
}

export function readTierAnswer(body: unknown): TierAnswer {
  const r = body as Partial<PageSearchResult> | null;
  return {
    listings: Array.isArray(r?.listings) ? r.listings : [],
    owners: Array.isArray(r?.owners) ? r.owners : [],
  };
}

/** The first page's tier answers, by call (a call not made or failed: none). */
export type FirstPageAnswers = Record<keyof TierUrls, TierAnswer>;

/**
 * The first block's tier listings for the slot placement, from the first page's answers: the
 * premium spotlights and fourth-tier candidates of block 1, the vehicle highlights, the standard
 * spotlights as peekaboo candidates, the boost listings, and every answer's owners. The browser's
 * grid adds the later blocks' answers to these; the server render places the first block with them.
 */
export function firstBlockTiers(
  a: FirstPageAnswers,
): TierListings & { premium: TierAnswer['listings'][]; fourthTier: TierAnswer['listings'][]; owners: PageOwner[] } {
  return {
    premium: [a.premium.listings],
    fourthTier: [a.featured.listings],
    highlights: a.highlights.listings,
    peekaboo: a.standard.listings,
    boost: a.boost.listings,
    owners: [...a.premium.owners, ...a.highlights.owners, ...a.featured.owners, ...a.standard.owners, ...a.boost.owners],
  };
}
