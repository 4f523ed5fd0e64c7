/**
 * The hero as the server renders it (page-furniture §2 "Page parts: Hero"): breadcrumbs, the
 * optional back link, the title with the optional private-seller logo, the results count with its
 * 'Learn more' link, the location editor, the shopping assistant's button, and the optional
 * sponsored buy-online and tariff banners. The browser keeps it in step (hero.ts).
 */
import { REFERENCE_ANCHOR_ID, type FirstLoadState } from '@cfs/contracts';
import { heroModel } from './hero-model';
import { heroLocationHtml } from './hero-location';
import {
  assistantButtonHtml,
  backLinkHref,
  backLinkHtml,
  buyOnlineBannerHtml,
  hasStickyHeader,
  heroParts,
  privateSellerLogoHtml,
  tariffBannerHtml,
} from './hero-parts';
import { escapeHtml } from './escape';

/** The hero's <header>; `notice` is the frame's expired-listing notice (HTML, may be empty). */
export function heroHtml(state: FirstLoadState, notice = ''): string {
  const hero = heroModel(state.query, state.result, state.brand);
  const parts = heroParts(state.query, state.flags);
  const crumbs = hero.breadcrumbs
    .map((b, i, all) =>
      i === all.length - 1
        ? `<li><span aria-current="page">${escapeHtml(b.label)}</span></li>`
        : `<li><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></li>`,
    )
    .join('');
  const sticky = hasStickyHeader(state.flags) ? ' data-sticky=""' : '';
  return `<header class="cfs-hero" id="cfs-hero"${sticky}>
<div class="cfs-hero-top">${backLinkHtml(backLinkHref(state.backHref))}<nav aria-label="Breadcrumb"><ol class="cfs-crumbs" id="cfs-crumbs">${crumbs}</ol></nav></div>
${notice}<div class="cfs-title-row"><h1 id="cfs-title">${escapeHtml(hero.title)}</h1>${privateSellerLogoHtml(parts.privateSellerLogo)}</div>
<div class="cfs-count-row"><h2 class="cfs-count" id="cfs-count" aria-live="polite">${escapeHtml(hero.countText)}</h2>
<a class="cfs-learn-more" id="cfs-learn-more" href="${escapeHtml(hero.learnMore?.href ?? `#${REFERENCE_ANCHOR_ID}`)}"${hero.learnMore ? '' : ' hidden'}>${escapeHtml(hero.learnMore?.text ?? '')}</a></div>
<div class="cfs-hero-tools">${heroLocationHtml(state.query)}${assistantButtonHtml()}</div>
${buyOnlineBannerHtml(parts.buyOnlineBanner)}${tariffBannerHtml(parts.tariffBanner)}
</header>`;
}
