/**
 * The page-level ads' markup and CSS (page-furniture §2 'Other'): the footer leader ad's box is in
 * the server-rendered frame with its size per viewport, so the creative arriving later shifts
 * nothing; the fixed bottom bar is `position: fixed` over the page (it shifts nothing either) and
 * only pads the end of the page while it shows, so the last content can be scrolled above it.
 */
import type { FooterAdSmall } from '@cfs/contracts';
import { AD_LABEL } from '@cfs/remote-kit/dom';
import { FOOTER_AD_SIZES, LARGE_SCREEN_MIN_WIDTH } from './fixed-ad-rules';

import { FOOTER_AD_BOX_ID } from './footer-box';

export { FOOTER_AD_BOX_ID };
/** Set on <html> while the fixed bar shows. */
export const FIXED_AD_ON_CLASS = 'cfs-fixed-ad-on';

const { large, small, smallTall } = FOOTER_AD_SIZES;
const px = (n: number) => `${n}px`;

export const AD_CSS = `
.cfs-ad-label{margin:0 0 4px;font-size:12px;line-height:16px;color:#556;text-align:center}
.cfs-ad-box{margin:0 auto;overflow:hidden}
.cfs-ad-box a{display:block}
.cfs-ad-box img{display:block;max-width:none}
.cfs-footer-ad{padding:16px 0 24px}
.cfs-footer-ad .cfs-ad-box{width:${px(large.width)};height:${px(large.height)}}
.cfs-footer-ad img{display:none}
.cfs-footer-ad img[data-size="${large.width}x${large.height}"]{display:block}
@media (max-width:${px(LARGE_SCREEN_MIN_WIDTH - 1)}){.cfs-footer-ad .cfs-ad-box{width:${px(small.width)};height:${px(small.height)}}.cfs-footer-ad img[data-size="${large.width}x${large.height}"]{display:none}.cfs-footer-ad img[data-size="${small.width}x${small.height}"]{display:block}.cfs-footer-ad[data-small="${smallTall.width}x${smallTall.height}"] .cfs-ad-box{height:${px(smallTall.height)}}.cfs-footer-ad[data-small="${smallTall.width}x${smallTall.height}"] img[data-size="${small.width}x${small.height}"]{display:none}.cfs-footer-ad[data-small="${smallTall.width}x${smallTall.height}"] img[data-size="${smallTall.width}x${smallTall.height}"]{display:block}}
.cfs-fixed-ad{position:fixed;left:0;right:0;bottom:0;z-index:30;display:flex;justify-content:center;overflow:hidden;padding:4px 48px;background:#fff;border-top:1px solid #dde;box-shadow:0 -2px 8px rgba(0,0,0,.12)}
.cfs-fixed-ad[hidden]{display:none}
.cfs-fixed-ad-close{position:absolute;top:4px;right:8px;width:32px;height:32px;padding:0;font:inherit;font-size:20px;line-height:1;border:1px solid #889;border-radius:50%;background:#fff;color:var(--cfs-text);cursor:pointer}
html.${FIXED_AD_ON_CLASS} body{padding-bottom:${px(large.height + 16)}}
`;

/**
 * The footer leader ad's reserved box, named 'Advertisement'; the browser fills it (fixed-ad.ts).
 * `small`: the size its box takes on small screens (the page config's footerAdSmall).
 */
export function footerAdHtml(small: FooterAdSmall = '320x50'): string {
  return `<div class="cfs-footer-ad" data-small="${small === '320x250' ? '320x250' : '320x50'}" role="group" aria-labelledby="cfs-footer-ad-label"><p class="cfs-ad-label" id="cfs-footer-ad-label">${AD_LABEL}</p><div class="cfs-ad-box" id="${FOOTER_AD_BOX_ID}"></div></div>`;
}
