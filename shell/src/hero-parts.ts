/**
 * The hero's optional parts (page-furniture §2 "Hero: breadcrumbs, title, location editor, optional
 * private-seller logo, optional back link, optional sponsored buy-online banner, and a tariff
 * information banner that links out"; §6 the sticky header flag). When each part shows is one pure
 * rule below; the server renders every part (a part that does not show for this search is rendered
 * hidden, so the browser only toggles it as the search changes: nothing is inserted after load).
 */
import { BUTTON_CLASSES, HERO_TEXTS, privateSellersOnly, TARIFF_INFO_URL, type FeatureFlags, type SearchQuery } from '@cfs/contracts';
import { escapeHtml as esc } from './escape';

const upper = (values: readonly string[] | undefined) => (values ?? []).map((v) => v.toUpperCase());

/** designed: the private-seller logo shows when the search is for private sellers only. */
export function showsPrivateSellerLogo(query: SearchQuery): boolean {
  return privateSellersOnly(query.sellerType);
}

/**
 * designed: the sponsored buy-online banner shows on a Buy Online search (the buy-online
 * experience, or the home service BUY_ONLINE) of a brand that offers Buy Online (flag buyOnline).
 */
export function showsBuyOnlineBanner(query: SearchQuery, flags: Partial<FeatureFlags>): boolean {
  if (!flags.buyOnline) return false;
  return query.experience === 'buy-online' || upper(query.homeServices).includes('BUY_ONLINE');
}

/** designed: the tariff information banner shows on a search that includes new cars (tariffs weigh on new car prices). */
export function showsTariffBanner(query: SearchQuery): boolean {
  return upper(query.listingType).includes('NEW');
}

/** designed: with the flag stickyHeader the hero stays at the top of the screen (CSS position sticky, no script). */
export function hasStickyHeader(flags: Partial<FeatureFlags>): boolean {
  return flags.stickyHeader === true;
}

/**
 * designed: the back link shows when the shopper came from a page of this site; the gateway checks
 * the address is same-origin (first-load backHref). The shell checks again that it is a path.
 */
export function backLinkHref(backHref: unknown): string | null {
  if (typeof backHref !== 'string' || !backHref.startsWith('/') || backHref.startsWith('//') || backHref.includes('\\')) return null;
  return backHref;
}

/** Which optional parts show for a search: the server render and the browser read this one function. */
export function heroParts(query: SearchQuery, flags: Partial<FeatureFlags>) {
  return {
    privateSellerLogo: showsPrivateSellerLogo(query),
    buyOnlineBanner: showsBuyOnlineBanner(query, flags),
    tariffBanner: showsTariffBanner(query),
  };
}
export type HeroParts = ReturnType<typeof heroParts>;

/** The element id of each part that follows the search. */
export const PART_IDS: Readonly<Record<keyof HeroParts, string>> = {
  privateSellerLogo: 'cfs-private-seller',
  buyOnlineBanner: 'cfs-buy-online',
  tariffBanner: 'cfs-tariff',
};

const hidden = (on: boolean) => (on ? '' : ' hidden');

/**
 * The private-seller logo, an inline SVG (no request, no other host): a key tag over the caption.
 * Named by its text for screen readers.
 */
export function privateSellerLogoHtml(on: boolean): string {
  return `<p class="cfs-private-seller" id="${PART_IDS.privateSellerLogo}"${hidden(on)}><svg class="cfs-private-seller-logo" role="img" aria-label="${esc(HERO_TEXTS.privateSellerLogo)}" viewBox="0 0 40 40" width="40" height="40" focusable="false"><circle cx="20" cy="20" r="20" fill="#0b6e4f"/><circle cx="15" cy="16" r="6" fill="none" stroke="#fff" stroke-width="3"/><path d="M19 20l11 11m-4-4l3-3m-6 0l3-3" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none"/></svg><span class="cfs-private-seller-text"><strong>${esc(HERO_TEXTS.privateSellerLogo)}</strong> ${esc(HERO_TEXTS.privateSellerCaption)}</span></p>`;
}

export function backLinkHtml(href: string | null): string {
  return href
    ? `<a class="cfs-back" id="cfs-back" href="${esc(href)}"><span aria-hidden="true">&larr; </span>${esc(HERO_TEXTS.back)}</a>`
    : '';
}

/** The sponsored buy-online banner: a labelled region, marked Sponsored in words. */
export function buyOnlineBannerHtml(on: boolean): string {
  return `<section class="cfs-banner cfs-buy-online" id="${PART_IDS.buyOnlineBanner}" aria-labelledby="cfs-buy-online-heading"${hidden(on)}><p class="cfs-sponsored">${esc(HERO_TEXTS.sponsored)}</p><h2 class="cfs-banner-heading" id="cfs-buy-online-heading">${esc(HERO_TEXTS.buyOnlineHeading)}</h2><p>${esc(HERO_TEXTS.buyOnlineText)}</p></section>`;
}

/** The tariff information banner, linking out in a new tab (rel noopener: the other site gets no handle on this page). */
export function tariffBannerHtml(on: boolean): string {
  return `<p class="cfs-banner cfs-tariff" id="${PART_IDS.tariffBanner}"${hidden(on)}>${esc(HERO_TEXTS.tariffText)} <a href="${esc(TARIFF_INFO_URL)}" target="_blank" rel="noopener noreferrer external">${esc(HERO_TEXTS.tariffLink)}<span class="cfs-visually-hidden"> ${esc(HERO_TEXTS.opensNewTab)}</span></a></p>`;
}

/** The shopping assistant's button; its dialog's code loads on the first click (hero-assistant.ts). */
export function assistantButtonHtml(): string {
  return `<button type="button" class="${BUTTON_CLASSES.base} cfs-assistant-button" id="cfs-assistant" aria-haspopup="dialog">${esc(HERO_TEXTS.assistantButton)}</button>`;
}

/** Shows or hides each part for the search now in force (browser only: from hero.ts). */
export function applyHeroParts(doc: Document, parts: HeroParts): void {
  for (const key of Object.keys(PART_IDS) as (keyof HeroParts)[]) {
    setHidden(doc.getElementById(PART_IDS[key]), !parts[key]);
  }
}

/** Hides or shows a part, writing only when it changes: the same value written again still restyles the element. */
export function setHidden(el: HTMLElement | null, hidden: boolean): void {
  if (el && el.hidden !== hidden) el.hidden = hidden;
}
