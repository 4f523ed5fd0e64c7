/**
 * The kit's part that needs no React, its own entry ('@cfs/remote-kit/dom', shared under that key):
 * what the shell's start uses (early input, the ZIP check, ad creatives, a region's notice and
 * health report, the attributes a region carries in the page), so that a page loads React only
 * when a region hydrates. The kit's React modules import these by that name, never by a relative
 * path, so that a page holds one instance of each (a relative import would bundle a second copy
 * into the kit's React entry).
 */

/** The attribute the gateway puts on a region root it rendered on the server. */
export const SERVER_RENDERED_ATTR = 'data-ssr';

/** The attribute of the inert JSON element that carries a region's data in the page. */
export const REGION_DATA_ATTR = 'data-region-data';

/** A server-rendered part only the region's code can finish (wanted-now.tsx): the shell loads that code with the page. */
export const WANTED_NOW_ATTR = 'data-wanted-now';

export { earlyInput, replayEarlyInput, type EarlyInput } from './early-input';
export { api, ApiError, ACCOUNT_NOT_CHECKED } from './api';
export { checkZip, zipCheckPath } from './zip-check';
export { AD_CREATIVE_PATH, AD_LABEL, adCreativeUrl, localPath, readCreative, type AdCreative, type AdImage } from './ad-creative';
export { afterNextPaint, type PaintScope } from './paint';
export { noticeProps, REGION_NOTICE, reportRegion, showRegionNotice } from './notices';
