/**
 * A card's actions beside contacting the seller: what each shows and the calls they make (search-
 * results §1, §7; page-furniture §2 Modals and Other, §3 Dealer difference content, §6, §8).
 * Pure; the texts the spec does not show are ours (designed:).
 */
import { safeHref } from '@cfs/search-query';
import { API_PATHS, apiPath, type PageListing, type PageOwner } from '@cfs/contracts';

/** The account and content calls, as the gateway's route table exposes them. */
export const LEAD_PATH = API_PATHS.emailDealer;
export const ONE_CLICK_PATH = API_PATHS.oneClickEmail;
export const LEAD_PROFILE_PATH = API_PATHS.leadProfile;
export const REPORT_PATH = API_PATHS.reportListing;
export const SAVED_LISTINGS_PATH = API_PATHS.saveListing;
/** The payments script of 'Make Offer', served by the gateway (route table `paymentsScript`). */
export const PAYMENTS_SCRIPT_PATH = API_PATHS.paymentsScript;

/** The page events the payments script listens to (search-results §7). */
export const MAKE_OFFER_EVENTS = {
  open: 'psx.listingActions.openMakeOffer',
  loaded: 'makeOfferModalIsLoaded',
} as const;

/** designed: the names of the card's actions and the dialogs' texts. */
export const ACTION_TEXTS = {
  email: 'Email Seller',
  makeOffer: 'Make Offer',
  makeOfferLoading: 'Loading offer form...',
  makeOfferUnavailable: 'Make Offer is unavailable',
  /** designed: the signed-in shopper's saved listings could not be read (never shown as none saved). */
  savedUnavailable: 'Your saved cars could not be loaded, so they are not marked here.',
  report: 'Report listing',
  share: 'Share listing',
  save: 'Save',
  emailed: 'You emailed the seller about this car.',
  website: 'Dealer website',
  call: (phone: string) => `Call ${phone}`,
  emailHeading: 'Email the seller',
  editEmailHeading: 'Confirm your contact details',
  editEmailIntro: 'One-click email needs your name and email address. Check them, then send.',
  reportHeading: 'Report this listing',
  shareHeading: 'Share this listing',
  shareLinkLabel: 'Link to this listing',
  copyLink: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Copy the link from the field above.',
  shareWithApp: 'Share with an app',
  spinOpen: '360° view',
  spinHeading: '360° view',
  spinRole: 'Turn the car',
  spinPrevious: 'Previous view',
  spinNext: 'Next view',
  dealerDiffFailed: "This dealer's information could not be loaded.",
  loading: 'Loading...',
  signInHeading: 'Sign in to save this car',
  signInText: 'Saved cars live in your account, so they are here on your next visit.',
  signInLink: 'Sign in or create an account',
  saveFailed: 'Your saved cars could not be updated. Please try again.',
  close: 'Close',
  cancel: 'Cancel',
  send: 'Send',
  sendReport: 'Send report',
  sending: 'Sending...',
} as const;

/** The dealer difference content of an owner, or null (private sellers and owners without it). */
export function dealerDiffOf(owner: PageOwner | undefined): { contentId: string; label: string } | null {
  const dd = owner?.dealerDiff;
  if (!owner || owner.privateSeller || !dd?.contentId || !/^[A-Za-z0-9_-]{1,64}$/.test(dd.contentId)) return null;
  return { contentId: dd.contentId, label: dd.tagline?.trim() || `Why buy from ${owner.name}` };
}

/** The dealer difference calls: its JSON (CTA, logo) and its HTML, by content id and listing type. */
export function dealerDiffUrls(
  contentId: string,
  listing: Pick<PageListing, 'listingType'>,
  ownerId: string,
): { json: string; html: string } {
  const qs = new URLSearchParams({ listingType: listing.listingType, ownerId }).toString();
  return {
    json: `${apiPath('dealerDiff', { file: `${contentId}.json` })}?${qs}`,
    html: `${apiPath('dealerDiff', { file: `${contentId}.html` })}?${qs}`,
  };
}

export interface DealerDiffContent {
  cta: { label: string; href: string; offsite: boolean } | null;
  logo: string | null;
  html: string;
}

/** The content the dialog shows: a CTA only with a safe link, the logo only with a safe source. */
export function readDealerDiff(json: unknown, html: unknown): DealerDiffContent {
  const j = (json && typeof json === 'object' ? json : {}) as {
    cta?: { label?: unknown; link?: unknown; offsite?: unknown };
    logo?: unknown;
    htmlContent?: unknown;
  };
  const href = safeHref(j.cta?.link);
  const label = typeof j.cta?.label === 'string' ? j.cta.label.trim() : '';
  return {
    cta: href && label ? { label, href, offsite: j.cta?.offsite !== false } : null,
    logo: safeHref(j.logo) ?? null,
    html: typeof html === 'string' && html.trim() ? html : typeof j.htmlContent === 'string' ? j.htmlContent : '',
  };
}

/** The dealer's website as an external link (dealers only; http(s) only). */
export function websiteOf(listing: Pick<PageListing, 'website'>, owner: PageOwner | undefined): string | undefined {
  if (!owner || owner.privateSeller) return undefined;
  const href = safeHref(owner.website?.href ?? listing.website?.href);
  return href && /^https?:\/\//i.test(href) ? href : undefined;
}

/** Saved listings: the toggle's next set. */
export function toggleSaved(saved: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(saved);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The ids a saved-listings answer carries (anything else: none). */
export function readSavedIds(body: unknown): string[] {
  const ids = (body as { listingIds?: unknown } | null)?.listingIds;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
}
