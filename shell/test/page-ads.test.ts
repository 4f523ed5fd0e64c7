import { screen, within } from '@testing-library/dom';
import type { FirstLoadState } from '@cfs/contracts';
import { firstLoadState } from '@cfs/test-kit';
import { renderPage } from '../src/layout';
import { loadAdsLater } from '../src/ads/load';
import { startAds } from '../src/ads/fixed-ad';

jest.mock('../src/ads/fixed-ad', () => ({ startAds: jest.fn() }));

const state: FirstLoadState = firstLoadState({ query: { makeCode: ['FORD'] } });

describe('page-level ads in the frame', () => {
  it("reserves the footer ad's box, 728x90 on large screens and 320x50 on small ones, named Advertisement", () => {
    const html = renderPage(state, { scripts: [], preloads: [] });
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1];
    const footer = screen.getByRole('group', { name: 'Advertisement' });
    expect(within(footer).queryByRole('link')).toBeNull();
    expect(html).toContain('.cfs-footer-ad .cfs-ad-box{width:728px;height:90px}');
    expect(html).toContain('@media (max-width:767px){.cfs-footer-ad .cfs-ad-box{width:320px;height:50px}');
    // The fixed bar is not in the server HTML: it is added over the page once scrolled.
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).toBeNull();
  });
});

describe('loading the ads code', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('loads it at the first scroll, once, with the configured values', async () => {
    (startAds as jest.Mock).mockClear();
    loadAdsLater({ refreshLimit: 3 });
    expect(startAds).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    await jest.advanceTimersByTimeAsync(0);
    expect(startAds).toHaveBeenCalledTimes(1);
    expect(startAds).toHaveBeenCalledWith({ config: { refreshLimit: 3 }, win: window });
  });

  it("loads it when the footer ad's box nears the viewport (a short page), and not before", async () => {
    (startAds as jest.Mock).mockClear();
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(renderPage(state, { scripts: [], preloads: [] }))![1];
    const watched: { el: Element; fire: (on: boolean) => void; margin?: string }[] = [];
    const Observer = jest.fn((cb: IntersectionObserverCallback, o?: IntersectionObserverInit) => ({
      observe: (el: Element) =>
        watched.push({
          el,
          margin: o?.rootMargin,
          fire: (on) => cb([{ isIntersecting: on } as IntersectionObserverEntry], {} as IntersectionObserver),
        }),
      disconnect: jest.fn(),
    }));
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = Observer;
    try {
      loadAdsLater(undefined);
      expect(watched.map((w) => [w.el.id, w.margin])).toEqual([['cfs-footer-ad-box', '100% 0px']]);
      // Far below: nothing loads, however long the shopper stays.
      watched[0].fire(false);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(startAds).not.toHaveBeenCalled();
      watched[0].fire(true);
      await jest.advanceTimersByTimeAsync(0);
      expect(startAds).toHaveBeenCalledTimes(1);
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      document.body.innerHTML = '';
    }
  });

  it('loads it after a while where the browser cannot watch the footer', async () => {
    (startAds as jest.Mock).mockClear();
    loadAdsLater(undefined);
    await jest.advanceTimersByTimeAsync(3999);
    expect(startAds).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(startAds).toHaveBeenCalledTimes(1);
  });
});
