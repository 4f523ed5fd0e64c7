import {
  AD_READY_POLL_MS,
  AD_READY_TIMEOUT_MS,
  FIXED_AD_DEFAULTS,
  FIXED_AD_FAILED,
  FIXED_AD_THROTTLE_MS,
  creativeNumber,
  fixedAdSize,
  fixedAdSizes,
  footerAdSize,
  mayRefresh,
  pastScrollThreshold,
  fixedAdZone,
  readinessChecks,
  resolveFixedAdConfig,
  scrolledPercent,
  throttleAllows,
} from '../src/ads/fixed-ad-rules';

describe('fixed ad rules (page-furniture §4, §8, §9)', () => {
  it('has the spec defaults: 10% scroll, a refresh every 30000 ms up to 10 refreshes, 100 ms throttle, readiness every 300 ms up to 10000 ms', () => {
    expect(FIXED_AD_DEFAULTS).toEqual({ scrollThresholdPercent: 10, refreshIntervalMs: 30000, refreshLimit: 10 });
    expect(FIXED_AD_THROTTLE_MS).toBe(100);
    expect([AD_READY_POLL_MS, AD_READY_TIMEOUT_MS]).toEqual([300, 10000]);
    expect(FIXED_AD_FAILED).toBe('Fixed Ad Failed to load');
  });

  it('reads the configured threshold, interval and limit, and falls back to the defaults (limit 10, not 25) for absent or invalid values', () => {
    expect(resolveFixedAdConfig(undefined)).toEqual(FIXED_AD_DEFAULTS);
    expect(resolveFixedAdConfig({ scrollThresholdPercent: 25, refreshIntervalMs: 5000, refreshLimit: 3 })).toEqual({
      scrollThresholdPercent: 25,
      refreshIntervalMs: 5000,
      refreshLimit: 3,
    });
    expect(resolveFixedAdConfig({ scrollThresholdPercent: 150, refreshIntervalMs: 'soon', refreshLimit: -1 })).toEqual(FIXED_AD_DEFAULTS);
    expect(resolveFixedAdConfig({ refreshLimit: 0 }).refreshLimit).toBe(0);
  });

  it('counts the scroll in percent of what can be scrolled, and shows the bar from the threshold on', () => {
    const at = (scrollY: number) => ({ scrollY, viewportHeight: 1000, documentHeight: 11000 });
    expect(scrolledPercent(at(500))).toBe(5);
    expect(pastScrollThreshold(at(999), 10)).toBe(false);
    expect(pastScrollThreshold(at(1000), 10)).toBe(true);
    expect(pastScrollThreshold(at(2000), 25)).toBe(false);
    // A page that cannot scroll never shows the bar.
    expect(pastScrollThreshold({ scrollY: 0, viewportHeight: 1000, documentHeight: 900 }, 0)).toBe(false);
  });

  // 1000 px screen, 11000 px page, the footer's top at 10500 px, threshold 10% (1000 px scrolled).
  it.each([
    [0, 'above'],
    [999, 'above'],
    [1000, 'inside'],
    [9500, 'inside'],
    [9501, 'below'],
    [10000, 'below'],
  ] as const)('search-results §4: scrolled to %i px, the bar is in the %s zone', (scrollY, zone) => {
    expect(fixedAdZone({ scrollY, viewportHeight: 1000, documentHeight: 11000 }, 10, 10500)).toBe(zone);
  });

  it('a page without a footer has no zone below', () => {
    expect(fixedAdZone({ scrollY: 10000, viewportHeight: 1000, documentHeight: 11000 }, 10, Infinity)).toBe('inside');
  });

  it('refreshes while open and under the limit', () => {
    expect(mayRefresh(0, { refreshLimit: 10 }, false)).toBe(true);
    expect(mayRefresh(9, { refreshLimit: 10 }, false)).toBe(true);
    expect(mayRefresh(10, { refreshLimit: 10 }, false)).toBe(false);
    expect(mayRefresh(3, { refreshLimit: 10 }, true)).toBe(false);
    expect([0, 1, 4, 5, 9].map(creativeNumber)).toEqual([1, 2, 5, 1, 5]);
  });

  it('takes 728x90 or 970x90 on large screens and 320x50 or 300x50 on small ones; the footer ad 728x90 or 320x50', () => {
    expect(fixedAdSizes(1400)).toEqual([
      { width: 970, height: 90 },
      { width: 728, height: 90 },
    ]);
    expect(fixedAdSize(1400)).toEqual({ width: 970, height: 90 });
    expect(fixedAdSize(900)).toEqual({ width: 728, height: 90 });
    expect(fixedAdSizes(390)).toEqual([
      { width: 320, height: 50 },
      { width: 300, height: 50 },
    ]);
    expect(fixedAdSize(390)).toEqual({ width: 320, height: 50 });
    expect(fixedAdSize(340)).toEqual({ width: 300, height: 50 });
    expect(footerAdSize(1400)).toEqual({ width: 728, height: 90 });
    expect(footerAdSize(390)).toEqual({ width: 320, height: 50 });
  });

  it("takes the footer ad's optional 320x250 on small screens where the configuration chooses it, 728x90 on large ones still", () => {
    expect(footerAdSize(390, '320x250')).toEqual({ width: 320, height: 250 });
    expect(footerAdSize(390, '320x50')).toEqual({ width: 320, height: 50 });
    expect(footerAdSize(1400, '320x250')).toEqual({ width: 728, height: 90 });
  });

  it('polls readiness 34 times in 10000 ms at 300 ms, and throttles to one run per 100 ms', () => {
    expect(readinessChecks()).toBe(34);
    expect(throttleAllows(null, 0)).toBe(true);
    expect(throttleAllows(1000, 1099)).toBe(false);
    expect(throttleAllows(1000, 1100)).toBe(true);
  });
});
