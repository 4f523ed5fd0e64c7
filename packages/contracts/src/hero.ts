/**
 * The hero's furniture and the brand variants of the page (page-furniture §1 brands, §2 "Page
 * parts: Hero", "shopping assistant with suggested actions", §6 flags, §9 constants). Texts live
 * here once; the shell renders the hero from them, the results grid and the search-query count
 * text read the brand variants.
 */
import { BRANDS, type Brand } from './brand';
import { BRAND_TABLE, brandRow } from './brand-table';
import type { SearchQuery } from './query';

/**
 * What a brand changes on the page (page-furniture §1: the Ford certified-used variant hides quick
 * actions, changes the summary text and shows certified-program copy). A table, one row a brand.
 *
 * designed: 'quick actions' are a listing card's in-place action buttons (email or one-click,
 * Make Offer, dealer difference, report, share, save); the seller's phone and website links stay,
 * as they lead the shopper to the seller rather than act on the page.
 */
export interface BrandVariant {
  /** Listing cards show their quick actions. */
  quickActions: boolean;
  /** The results count's noun, singular and plural ('1 Result', '1,234 Results'). */
  countNoun: { one: string; other: string };
  /**
   * The noun instead, on a search whose every result is a certified used vehicle (its listing type
   * is chosen, and certified: CERTIFIED, 3P_CERT or both): where the variant's summary says so,
   * it is true. Any other search (new cars, used of any kind, no type chosen) counts `countNoun`.
   */
  certifiedCountNoun?: { one: string; other: string };
  /** The certified program copy (§9) shows with the certified programs. */
  certifiedCopy: boolean;
  /**
   * The grid's ad slots (page-furniture §1 'Brand decides some content and ad slots', §9): fluid
   * cells at 7, 14, 19, 36, 43; liner rows by rows 3, 7, 10, 13, 16 (with the treehouse ad at 7);
   * or none.
   */
  adSlots: 'fluid' | 'liner' | 'none';
}

/** Each brand's variant: its row of the brand table (brand-table.ts). */
export const BRAND_VARIANTS: Readonly<Record<Brand, BrandVariant>> = Object.fromEntries(
  BRANDS.map((b) => [b, BRAND_TABLE[b].variant]),
) as Record<Brand, BrandVariant>;

/** The listing types of certified used vehicles (search-results §3 listingType). */
export const CERTIFIED_LISTING_TYPES: readonly string[] = ['CERTIFIED', '3P_CERT'];

/** A search whose every result is a certified used vehicle: a listing type is chosen, and each chosen one is certified. */
export function certifiedOnly(listingType: readonly string[] | undefined): boolean {
  return !!listingType?.length && listingType.every((t) => CERTIFIED_LISTING_TYPES.includes(t));
}

/** The variant of a brand; the main brand's for an unknown one. */
export function brandVariant(brand: string | undefined): BrandVariant {
  return brandRow(brand).variant;
}

/**
 * designed: the page that opens information about tariffs on new car prices (the spec says the
 * tariff banner "links out" without naming where): the US customs agency's trade pages.
 */
export const TARIFF_INFO_URL = 'https://www.cbp.gov/trade';

/** The hero's texts (page-furniture §2 Hero; designed where the spec shows none). */
export const HERO_TEXTS = {
  /** designed: the private-seller logo's accessible name and caption. */
  privateSellerLogo: 'Private Seller Marketplace',
  privateSellerCaption: 'Cars for sale by their owners',
  /** designed: the back link to the page the shopper came from. */
  back: 'Back',
  /** designed: the sponsored buy-online banner. */
  sponsored: 'Sponsored',
  buyOnlineHeading: 'Buy your next car online',
  buyOnlineText: 'Participating dealers let you complete your purchase from home, with delivery to your door.',
  /** designed: the tariff information banner. */
  tariffText: 'Tariffs on imported vehicles and parts may affect new car prices.',
  tariffLink: 'Learn how tariffs affect new car prices',
  /** Said to screen readers after a link that opens another site in a new tab. */
  opensNewTab: '(opens in a new tab)',
  /** The shopping assistant (page-furniture §2). */
  assistantButton: 'Shopping assistant',
  assistantHeading: 'Shopping assistant',
  assistantIntro: 'Suggested next steps for your search:',
  assistantLoading: 'Opening the shopping assistant…',
  close: 'Close',
} as const;

/** The suggested-action modal's delay (page-furniture §9: 500 ms). */
export const SUGGESTED_ACTION_DELAY_MS = 500;

/** The suggested actions of the shopping assistant (designed: the spec names the assistant only). */
export const SUGGESTED_ACTIONS = [
  { id: 'best-deals', label: 'Show Great and Good deals' },
  { id: 'certified', label: 'Show certified used cars only' },
  { id: 'lowest-price', label: 'Sort by lowest price' },
  { id: 'location', label: 'Set your location' },
] as const;
export type SuggestedActionId = (typeof SUGGESTED_ACTIONS)[number]['id'];

/**
 * What a suggested action changes in the search (null: it acts on the page, not the search).
 * designed: 'Great' and 'Good' deals are the upstream's price ratings greatprice and goodprice,
 * as the Best Deals category searches them.
 */
export const SUGGESTED_ACTION_QUERY: Readonly<Record<SuggestedActionId, Partial<SearchQuery> | null>> = {
  'best-deals': { dealType: ['greatprice', 'goodprice'] },
  certified: { listingType: ['CERTIFIED'] },
  'lowest-price': { sortBy: 'derivedpriceASC' },
  location: null,
};
