import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { FIXED_AD_FAILED, type AdSize } from '../src/ads/fixed-ad-rules';
import { CLOSE_AD, mountFooterAd, pollUntilReady, startFixedAd, throttle, type FixedAd } from '../src/ads/fixed-ad';
import { footerAdHtml } from '../src/ads/ad-markup';

const SIZES: AdSize[] = [
  { width: 970, height: 90 },
  { width: 728, height: 90 },
  { width: 320, height: 50 },
  { width: 300, height: 50 },
  { width: 320, height: 250 },
];

/** The ad route's answer for a slot and number, as the upstream serves it. */
function answer(path: string) {
  const url = new URL(path, 'http://x');
  const id = `${url.searchParams.get('slot')}-${url.searchParams.get('number')}`;
  return {
    creative: {
      id,
      alt: `House ad ${id}`,
      href: '/cars-for-sale?listingType=CERTIFIED',
      images: SIZES.map((s) => ({ ...s, src: `/content/ads/${id}-${s.width}x${s.height}.svg` })),
    },
  };
}

/** Puts the page at a scroll position (1000 px screen, 11000 px page: 1000 px is 10%). */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

let ad: FixedAd | null = null;
let ready: boolean;
const load = jest.fn(async (path: string): Promise<unknown> => answer(path));
const bar = () => screen.queryByRole('complementary', { name: 'Advertisement' });
const shownCreative = () => within(bar()!).getByRole('img').getAttribute('alt');

beforeEach(() => {
  jest.useFakeTimers();
  ready = true;
  load.mockReset();
  load.mockImplementation(async (path: string) => answer(path));
  Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
  Object.defineProperty(window, 'innerWidth', { value: 1400, configurable: true });
  Object.defineProperty(document.documentElement, 'scrollHeight', { value: 11000, configurable: true });
  scrollTo(0);
  document.body.innerHTML = '';
});

afterEach(() => {
  ad?.close();
  ad = null;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function start(config?: unknown) {
  ad = startFixedAd({ config, load, isReady: () => ready });
  return ad;
}

/** The page's footer, its top at `top` px of the page (jsdom lays nothing out). */
function footerAt(top: number) {
  const footer = document.createElement('footer');
  footer.className = 'cfs-footer';
  footer.getBoundingClientRect = () => ({ top: top - window.scrollY }) as DOMRect;
  document.body.append(footer);
}

describe('the fixed bottom ad bar', () => {
  it('hides while the footer is in view and above the threshold, shows inside, and refreshes only while shown', async () => {
    footerAt(10500);
    start();
    scrollTo(5000);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeVisible();
    expect(shownCreative()).toBe('House ad fixed-1');
    // The footer comes into view: the bar steps aside, and no refresh is made meanwhile.
    scrollTo(9800);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeNull();
    expect(screen.getByRole('complementary', { hidden: true })).not.toBeVisible();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(ad!.refreshes).toBe(0);
    // Back inside: shown again, and the refreshes go on.
    scrollTo(6000);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeVisible();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(ad!.refreshes).toBe(1);
    // Back at the top: hidden.
    scrollTo(0);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeNull();
    expect(screen.getByRole('complementary', { hidden: true })).not.toBeVisible();
  });

  it('appears only after 10% of the page is scrolled, with a 970x90 creative and a close button', async () => {
    start();
    scrollTo(900);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeNull();
    expect(load).not.toHaveBeenCalled();
    scrollTo(1000);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeVisible();
    expect(load).toHaveBeenCalledWith('/content/ads?slot=fixed&number=1');
    const img = within(bar()!).getByRole('img');
    expect(img).toHaveAttribute('src', '/content/ads/fixed-1-970x90.svg');
    expect(within(bar()!).getByRole('link')).toHaveAttribute('href', '/cars-for-sale?listingType=CERTIFIED');
    expect(within(bar()!).getByRole('button', { name: CLOSE_AD })).toBeVisible();
  });

  it('takes the configured threshold', async () => {
    start({ scrollThresholdPercent: 50 });
    scrollTo(4000);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeNull();
    scrollTo(5000);
    await jest.advanceTimersByTimeAsync(200);
    expect(bar()).toBeVisible();
  });

  it('shows 320x50 on a small screen', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
    start();
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(100);
    expect(within(bar()!).getByRole('img')).toHaveAttribute('src', '/content/ads/fixed-1-320x50.svg');
  });

  it('handles the scroll at most once per 100 ms (the last position of a burst is read at the end)', async () => {
    const seen: number[] = [];
    const handler = throttle(() => seen.push(window.scrollY), 100);
    window.addEventListener('scroll', handler);
    for (const y of [10, 20, 30, 40]) {
      scrollTo(y);
      await jest.advanceTimersByTimeAsync(20);
    }
    expect(seen).toEqual([10]);
    await jest.advanceTimersByTimeAsync(20);
    expect(seen).toEqual([10, 40]);
    window.removeEventListener('scroll', handler);
    handler.cancel();
  });

  it('refreshes every 30000 ms and stops after 10 refreshes', async () => {
    start();
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(100);
    expect(shownCreative()).toBe('House ad fixed-1');
    await jest.advanceTimersByTimeAsync(29_999);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(shownCreative()).toBe('House ad fixed-2');
    await jest.advanceTimersByTimeAsync(9 * 30_000);
    expect(ad!.refreshes).toBe(10);
    expect(load).toHaveBeenCalledTimes(11);
    await jest.advanceTimersByTimeAsync(5 * 30_000);
    expect(load).toHaveBeenCalledTimes(11);
    expect(bar()).toBeVisible();
  });

  it('takes a configured interval and limit', async () => {
    start({ refreshIntervalMs: 5000, refreshLimit: 2 });
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(100);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(ad!.refreshes).toBe(2);
  });

  it('closes with Close ad: the bar leaves the page and no refresh follows', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    start();
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(100);
    await user.click(within(bar()!).getByRole('button', { name: CLOSE_AD }));
    expect(bar()).toBeNull();
    expect(ad!.closed).toBe(true);
    await jest.advanceTimersByTimeAsync(10 * 30_000);
    scrollTo(5000);
    await jest.advanceTimersByTimeAsync(200);
    expect(load).toHaveBeenCalledTimes(1);
    expect(bar()).toBeNull();
  });

  it("polls the creative's readiness every 300 ms and shows it once ready", async () => {
    ready = false;
    start();
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(100);
    expect(bar()).toBeNull();
    await jest.advanceTimersByTimeAsync(3000);
    ready = true;
    await jest.advanceTimersByTimeAsync(299);
    expect(bar()).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(bar()).toBeVisible();
  });

  it("logs 'Fixed Ad Failed to load' when the creative is not ready within 10000 ms, and shows no bar", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    ready = false;
    start();
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(9_899);
    expect(error).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(101);
    expect(error).toHaveBeenCalledWith(FIXED_AD_FAILED, expect.any(Error));
    expect(bar()).toBeNull();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("logs 'Fixed Ad Failed to load' when the ad route fails or answers no creative", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValueOnce(new Error('HTTP 503'));
    start();
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(100);
    expect(error).toHaveBeenCalledWith(FIXED_AD_FAILED, new Error('HTTP 503'));
    expect(bar()).toBeNull();

    ad!.close();
    document.body.innerHTML = '';
    error.mockClear();
    load.mockResolvedValueOnce({ creative: null });
    start();
    scrollTo(2100);
    await jest.advanceTimersByTimeAsync(100);
    expect(error).toHaveBeenCalledWith(FIXED_AD_FAILED, expect.any(Error));
  });

  it('keeps the creative shown when a refresh fails, and refreshes again at its time', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    start();
    scrollTo(2000);
    await jest.advanceTimersByTimeAsync(100);
    load.mockRejectedValueOnce(new Error('HTTP 503'));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(error).toHaveBeenCalledWith(FIXED_AD_FAILED, new Error('HTTP 503'));
    expect(shownCreative()).toBe('House ad fixed-1');
    await jest.advanceTimersByTimeAsync(30_000);
    expect(shownCreative()).toBe('House ad fixed-3');
  });
});

describe('pollUntilReady', () => {
  it('answers false after 10000 ms of checks every 300 ms', async () => {
    const check = jest.fn(() => false);
    const result = pollUntilReady(check);
    await jest.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe(false);
    expect(check).toHaveBeenCalledTimes(34);
  });
});

describe('the footer leader ad', () => {
  it('fills its reserved box with the 728x90 and 320x50 images of one creative', async () => {
    document.body.innerHTML = footerAdHtml();
    await mountFooterAd({ load });
    const footer = screen.getByRole('group', { name: 'Advertisement' });
    expect(load).toHaveBeenCalledWith('/content/ads?slot=footer&number=1');
    expect(within(footer).getByRole('link')).toHaveAttribute('href', '/cars-for-sale?listingType=CERTIFIED');
    const sizes = within(footer)
      .getAllByRole('img')
      .map((i) => i.getAttribute('data-size'));
    expect(sizes).toEqual(['728x90', '320x50', '320x250']);
    // Lazy: the sizes the screen's CSS hides are never fetched.
    expect(
      within(footer)
        .getAllByRole('img')
        .map((i) => i.getAttribute('loading')),
    ).toEqual(['lazy', 'lazy', 'lazy']);
  });

  it("names the small screens' size its box reserves: 320x50, or the configured 320x250", () => {
    for (const [small, expected] of [
      [undefined, '320x50'],
      ['320x50', '320x50'],
      ['320x250', '320x250'],
    ] as const) {
      document.body.innerHTML = footerAdHtml(small);
      expect(screen.getByRole('group', { name: 'Advertisement' })).toHaveAttribute('data-small', expected);
    }
  });

  it('keeps its box empty when no creative comes', async () => {
    document.body.innerHTML = footerAdHtml();
    load.mockRejectedValueOnce(new Error('HTTP 503'));
    await mountFooterAd({ load });
    expect(within(screen.getByRole('group', { name: 'Advertisement' })).queryByRole('link')).toBeNull();
  });
});
