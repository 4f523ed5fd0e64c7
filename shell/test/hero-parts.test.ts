import { screen, within } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import { firstLoadState } from '@cfs/test-kit';
import { HERO_TEXTS, TARIFF_INFO_URL, type FirstLoadState, type SearchQuery } from '@cfs/contracts';
import {
  backLinkHref,
  hasStickyHeader,
  heroParts,
  showsBuyOnlineBanner,
  showsPrivateSellerLogo,
  showsTariffBanner,
} from '../src/hero-parts';
import { heroModel } from '../src/hero-model';
import { bindHero, bindStickyOffset } from '../src/hero';
import { renderPage } from '../src/layout';

function state(over: Partial<FirstLoadState> = {}): FirstLoadState {
  return firstLoadState({ result: { listings: [], owners: [], totalResultCount: 3 }, ...over });
}

/** The page as the server renders it, put in the document. */
function showServerPage(s: FirstLoadState) {
  const page = new DOMParser().parseFromString(renderPage(s, { scripts: [], preloads: [] }), 'text/html');
  document.body.innerHTML = page.body.innerHTML;
}

describe('when each hero part shows (page-furniture §2 Hero, §6 sticky header)', () => {
  it.each<[SearchQuery, boolean]>([
    [{ sellerType: ['PRIVATE'] }, true],
    [{ sellerType: ['private'] }, true],
    [{ sellerType: ['PRIVATE', 'DEALER'] }, false],
    [{ sellerType: ['DEALER'] }, false],
    [{}, false],
  ])('private-seller logo for %j: %s', (query, shown) => {
    expect(showsPrivateSellerLogo(query)).toBe(shown);
  });

  it.each<[SearchQuery, boolean, boolean]>([
    [{ experience: 'buy-online' }, true, true],
    [{ homeServices: ['BUY_ONLINE'] }, true, true],
    [{ homeServices: ['ONLINE_PAPERWORK', 'BUY_ONLINE'] }, true, true],
    [{ homeServices: ['ONLINE_PAPERWORK'] }, true, false],
    [{ experience: 'best-deals' }, true, false],
    [{ experience: 'buy-online' }, false, false],
    [{}, true, false],
  ])('sponsored buy-online banner for %j with flag buyOnline %s: %s', (query, flag, shown) => {
    expect(showsBuyOnlineBanner(query, { buyOnline: flag })).toBe(shown);
  });

  it.each<[SearchQuery, boolean]>([
    [{ listingType: ['NEW'] }, true],
    [{ listingType: ['USED', 'NEW'] }, true],
    [{ listingType: ['USED'] }, false],
    [{ listingType: ['CERTIFIED'] }, false],
    [{}, false],
  ])('tariff banner for %j: %s', (query, shown) => {
    expect(showsTariffBanner(query)).toBe(shown);
  });

  it('sticky header only with the flag', () => {
    expect(hasStickyHeader({ stickyHeader: true })).toBe(true);
    expect(hasStickyHeader({ stickyHeader: false })).toBe(false);
    expect(hasStickyHeader({})).toBe(false);
  });

  it.each<[unknown, string | null]>([
    ['/cars-for-sale/all/ford?zip=30301', '/cars-for-sale/all/ford?zip=30301'],
    ['//evil.example/x', null],
    ['https://evil.example/x', null],
    ['/\\evil.example', null],
    ['', null],
    [undefined, null],
    [42, null],
  ])('back link for %j: %s', (href, out) => {
    expect(backLinkHref(href)).toBe(out);
  });

  it('the Ford brand counts certified used vehicles in the hero on a certified search, results on any other (page-furniture §1)', () => {
    const result = { listings: [], owners: [], totalResultCount: 1234 };
    expect(heroModel({ listingType: ['CERTIFIED'] }, result, 'ford').countText).toBe('1,234 Certified Used Vehicles');
    expect(heroModel({ listingType: ['NEW'] }, result, 'ford').countText).toBe('1,234 Results');
    expect(heroModel({}, result, 'ford').countText).toBe('1,234 Results');
    expect(heroModel({ listingType: ['CERTIFIED'] }, result, 'atc').countText).toBe('1,234 Results');
  });
});

describe('the hero parts as the server renders them', () => {
  it('a private-seller new-car buy-online search shows the logo, the tariff and buy-online banners', () => {
    showServerPage(state({ query: { sellerType: ['PRIVATE'], listingType: ['NEW'], experience: 'buy-online' } }));
    const hero = screen.getByRole('banner');
    expect(within(hero).getByRole('img', { name: HERO_TEXTS.privateSellerLogo })).toBeVisible();
    const buyOnline = within(hero).getByRole('region', { name: HERO_TEXTS.buyOnlineHeading });
    expect(buyOnline).toHaveTextContent(HERO_TEXTS.sponsored);
    const tariff = within(hero).getByRole('link', { name: `${HERO_TEXTS.tariffLink} ${HERO_TEXTS.opensNewTab}` });
    expect(tariff).toHaveAttribute('href', TARIFF_INFO_URL);
    expect(tariff).toHaveAttribute('target', '_blank');
    expect(tariff.getAttribute('rel')).toContain('noopener');
  });

  it('a plain search shows none of them, no back link and no sticky header; the assistant button is there', () => {
    showServerPage(state({ flags: { ...defaultFlags(), stickyHeader: false } }));
    const hero = screen.getByRole('banner');
    expect(within(hero).queryByRole('img', { name: HERO_TEXTS.privateSellerLogo })).not.toBeInTheDocument();
    expect(within(hero).queryByRole('region', { name: HERO_TEXTS.buyOnlineHeading })).not.toBeInTheDocument();
    expect(within(hero).queryByRole('link', { name: new RegExp(HERO_TEXTS.tariffLink) })).not.toBeInTheDocument();
    expect(within(hero).queryByRole('link', { name: HERO_TEXTS.back })).not.toBeInTheDocument();
    expect(hero).not.toHaveAttribute('data-sticky');
    expect(within(hero).getByRole('button', { name: HERO_TEXTS.assistantButton })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('the back link goes to the same-origin page the gateway checked; a foreign one is not shown', () => {
    showServerPage(state({ backHref: '/cars-for-sale/all/ford' }));
    expect(screen.getByRole('link', { name: HERO_TEXTS.back })).toHaveAttribute('href', '/cars-for-sale/all/ford');
    showServerPage(state({ backHref: '//evil.example/' }));
    expect(screen.queryByRole('link', { name: HERO_TEXTS.back })).not.toBeInTheDocument();
  });

  it("the page's referrer policy tells the next page of this site where the shopper came from, and other sites nothing", () => {
    expect(renderPage(state(), { scripts: [], preloads: [] })).toContain('<meta name="referrer" content="same-origin">');
  });

  it('with the flag stickyHeader the hero is marked sticky', () => {
    showServerPage(state({ flags: { ...defaultFlags(), stickyHeader: true } }));
    expect(screen.getByRole('banner')).toHaveAttribute('data-sticky');
  });

  it('the parts follow the search in the browser', () => {
    const s = state({ flags: { ...defaultFlags(), buyOnline: true } });
    showServerPage(s);
    const bus = createBus({
      search: { query: {}, result: s.result, status: 'success', requestId: 1, error: null },
      brand: { brand: 'atc', flags: s.flags },
    });
    const off = bindHero(bus, document);
    expect(screen.queryByRole('img', { name: HERO_TEXTS.privateSellerLogo })).not.toBeInTheDocument();
    bus.update('search', { query: { sellerType: ['PRIVATE'], homeServices: ['BUY_ONLINE'], listingType: ['NEW'] }, requestId: 2 });
    expect(screen.getByRole('img', { name: HERO_TEXTS.privateSellerLogo })).toBeVisible();
    expect(screen.getByRole('region', { name: HERO_TEXTS.buyOnlineHeading })).toBeVisible();
    expect(screen.getByRole('link', { name: new RegExp(HERO_TEXTS.tariffLink) })).toBeVisible();
    bus.update('search', { query: {}, requestId: 3 });
    expect(heroParts({}, s.flags)).toEqual({ privateSellerLogo: false, buyOnlineBanner: false, tariffBanner: false });
    expect(screen.queryByRole('img', { name: HERO_TEXTS.privateSellerLogo })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: HERO_TEXTS.buyOnlineHeading })).not.toBeInTheDocument();
    off();
  });
});

describe('the sticky hero and jumps within the page', () => {
  it('while the hero sticks, the page scroll padding is its height, rounded up, and a pixel; unbound, none', () => {
    showServerPage(state({ flags: { ...defaultFlags(), stickyHeader: true } }));
    const hero = screen.getByRole('banner');
    hero.style.position = 'sticky';
    hero.getBoundingClientRect = () => ({ height: 180.27 }) as DOMRect;
    const off = bindStickyOffset(document);
    expect(document.documentElement.style.scrollPaddingTop).toBe('182px');
    off();
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
  });

  it('a hero that does not stick (no flag, or a narrow screen) leaves the scroll padding alone', () => {
    showServerPage(state({ flags: { ...defaultFlags(), stickyHeader: false } }));
    const off = bindStickyOffset(document);
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
    off();
    showServerPage(state({ flags: { ...defaultFlags(), stickyHeader: true } }));
    const off2 = bindStickyOffset(document);
    expect(document.documentElement.style.scrollPaddingTop).toBe('');
    off2();
  });
});
