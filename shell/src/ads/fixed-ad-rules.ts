/**
 * Rules of the fixed bottom ad bar and the footer leader ad (page-furniture §2 'Other', §4 'Fixed
 * ad', §8, §9), pure functions with no DOM: the behaviour (fixed-ad.ts) reads them.
 *
 * Refresh limit, 10 or 25 (§9: 'default refresh limit 10 (an effect falls back to 25)'): the limit
 * applied is 10. The configuration's default is 10; the effect's 25 is its own fallback for a
 * caller that passes no limit at all, which cannot happen here, since `resolveFixedAdConfig` always
 * resolves one (an absent or invalid configured limit reads as the default 10).
 */
import { MESSAGES, type FooterAdSmall } from '@cfs/contracts';

export interface AdSize {
  width: number;
  height: number;
}

export interface FixedAdConfig {
  /** Share of the page's scrollable height, in percent, after which the bar appears. */
  scrollThresholdPercent: number;
  /** Milliseconds between two refreshes of the bar's creative. */
  refreshIntervalMs: number;
  /** Refreshes after the first creative; then the creative stays. */
  refreshLimit: number;
}

/** §9: refresh every 30000 ms, at most 10 refreshes (see above), shown after 10% scroll. */
export const FIXED_AD_DEFAULTS: Readonly<FixedAdConfig> = { scrollThresholdPercent: 10, refreshIntervalMs: 30_000, refreshLimit: 10 };
/** §9: the scroll handler runs at most once per 100 ms. */
export const FIXED_AD_THROTTLE_MS = 100;
/** §9: readiness of an ad polled every 300 ms, up to 10000 ms. */
export const AD_READY_POLL_MS = 300;
export const AD_READY_TIMEOUT_MS = 10_000;
/** §8: what is logged when the fixed ad fails (console.error, verbatim). */
export const FIXED_AD_FAILED = MESSAGES.fixedAdFailed;
/** The slot types the ad route serves for the bar and the footer ad; a creative number is 1 to 5. */
export const FIXED_AD_SLOT = 'fixed';
export const FOOTER_AD_SLOT = 'footer';
export const AD_CREATIVES = 5;

/**
 * designed: where a screen counts as large (the spec names large and small screens, not widths):
 * wide enough for a 728x90 banner with 20 px either side. The footer ad's CSS (ad-css.ts) uses the
 * same width.
 */
export const LARGE_SCREEN_MIN_WIDTH = 768;
const SIDE_MARGIN = 20;

/** §9: 728x90 (large screens also 970x90), or 320x50 and 300x50 on small screens; largest first. */
export const FIXED_AD_SIZES: Readonly<Record<'large' | 'small', readonly AdSize[]>> = {
  large: [
    { width: 970, height: 90 },
    { width: 728, height: 90 },
  ],
  small: [
    { width: 320, height: 50 },
    { width: 300, height: 50 },
  ],
};

/**
 * §9: the footer ad is 320x50, plus optionally 320x250 or 728x90. designed: 728x90 on large
 * screens; on small ones 320x50, or the optional 320x250 where the configuration chooses it
 * (FOOTER_AD_SMALL: the page config's footerAdSmall). The choice is the server's, so the frame
 * reserves the one box each viewport shows and nothing shifts when the creative comes.
 */
export const FOOTER_AD_SIZES: Readonly<Record<'large' | 'small' | 'smallTall', AdSize>> = {
  large: { width: 728, height: 90 },
  small: { width: 320, height: 50 },
  smallTall: { width: 320, height: 250 },
};

export function screenSize(viewportWidth: number): 'large' | 'small' {
  return viewportWidth >= LARGE_SCREEN_MIN_WIDTH ? 'large' : 'small';
}

/** The sizes the bar accepts on a screen this wide. */
export function fixedAdSizes(viewportWidth: number): readonly AdSize[] {
  return FIXED_AD_SIZES[screenSize(viewportWidth)];
}

/** The one size the bar shows: the largest of its screen's sizes that fits, else the smallest. */
export function fixedAdSize(viewportWidth: number): AdSize {
  const sizes = fixedAdSizes(viewportWidth);
  return sizes.find((s) => s.width + 2 * SIDE_MARGIN <= viewportWidth) ?? sizes[sizes.length - 1];
}

export function footerAdSize(viewportWidth: number, small: FooterAdSmall = '320x50'): AdSize {
  if (screenSize(viewportWidth) === 'large') return FOOTER_AD_SIZES.large;
  return small === '320x250' ? FOOTER_AD_SIZES.smallTall : FOOTER_AD_SIZES.small;
}

const whole = (v: unknown, min: number, max: number): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;

/**
 * The bar's configuration: the first-load config's `fixedAd` values where valid, the defaults of
 * §9 for anything absent or out of range.
 */
export function resolveFixedAdConfig(raw: unknown): FixedAdConfig {
  const c = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    scrollThresholdPercent: whole(c.scrollThresholdPercent, 0, 100) ?? FIXED_AD_DEFAULTS.scrollThresholdPercent,
    refreshIntervalMs: whole(c.refreshIntervalMs, 1000, 3_600_000) ?? FIXED_AD_DEFAULTS.refreshIntervalMs,
    refreshLimit: whole(c.refreshLimit, 0, 1000) ?? FIXED_AD_DEFAULTS.refreshLimit,
  };
}

export interface ScrollPosition {
  scrollY: number;
  viewportHeight: number;
  documentHeight: number;
}

/** How far down the page is scrolled, in percent of what can be scrolled (0 to 100). */
export function scrolledPercent({ scrollY, viewportHeight, documentHeight }: ScrollPosition): number {
  const scrollable = documentHeight - viewportHeight;
  if (scrollable <= 0) return 0;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}

/** §4: the bar appears once the page is scrolled past the threshold (a page that cannot scroll never shows it). */
export function pastScrollThreshold(position: ScrollPosition, thresholdPercent: number): boolean {
  return position.documentHeight > position.viewportHeight && scrolledPercent(position) >= thresholdPercent;
}

/**
 * Where the shopper is on the page, as the fixed bar reads it (search-results §4: 'The fixed ad
 * is hidden or shown by scroll position (above, inside, below)'):
 * - 'above': not yet scrolled past the threshold (the top of the page, the hero and first cards);
 * - 'inside': past it, with the page's footer not yet in view: the bar shows;
 * - 'below': the footer (with its own ad) has come into view: the bar steps aside so it covers
 *   neither the footer's links nor the footer ad, and shows again on scrolling back up.
 * `footerTop` is the footer's top in page coordinates (Infinity: the page has none).
 */
export type FixedAdZone = 'above' | 'inside' | 'below';

export function fixedAdZone(position: ScrollPosition, thresholdPercent: number, footerTop: number): FixedAdZone {
  if (!pastScrollThreshold(position, thresholdPercent)) return 'above';
  return position.scrollY + position.viewportHeight > footerTop ? 'below' : 'inside';
}

/** §4: another refresh is due while the bar is open and fewer than the limit were made. */
export function mayRefresh(refreshes: number, config: Pick<FixedAdConfig, 'refreshLimit'>, closed: boolean): boolean {
  return !closed && refreshes < config.refreshLimit;
}

/** The creative number (1 to 5) of the bar's first creative (0) and each refresh after it. */
export function creativeNumber(refresh: number): number {
  return (refresh % AD_CREATIVES) + 1;
}

/** §9: how many readiness checks fit in the timeout at the poll interval (the first one is at once). */
export function readinessChecks(pollMs: number = AD_READY_POLL_MS, timeoutMs: number = AD_READY_TIMEOUT_MS): number {
  return Math.floor(timeoutMs / pollMs) + 1;
}

/** Whether a throttled handler may run now (§9: at most once per 100 ms). */
export function throttleAllows(lastRunAt: number | null, now: number, waitMs: number = FIXED_AD_THROTTLE_MS): boolean {
  return lastRunAt === null || now - lastRunAt >= waitMs;
}
