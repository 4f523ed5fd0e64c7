import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createBus, defaultFlags } from '@cfs/bus';
import { FakeIntersectionObserver } from '@cfs/test-kit';
import { RELAXATIONS_PATH, type FirstLoadState, type Listing, type SearchQuery } from '@cfs/contracts';
import { listing, result } from './fixtures';
import { render } from '../src/server';
import { ELIGIBILITY_PATH, FIRST_SCREEN_CELLS } from '../src/rules/eligibility';
import { BOOST_PATH, HIGHLIGHT_PATH, PREMIUM_PATH, SPOTLIGHT_PATH } from '../src/rules/tier-requests';
import { BUY_ONLINE_ELIGIBLE } from '../src/rules/card-model';
import { END_FIRST_PAINT_CARDS, END_LISTINGS_PATH, END_TEXT } from '../src/rules/end-of-results';
import { END_MORE_ATTR } from '../src/rules/markup';
import { awaiting } from '../src/awaiting';
import { relaxationsUrl } from '../src/components/NoResultsRescue';

const vin = (n: number) => `1FTFW1E50NFA${String(n).padStart(5, '0')}`;
const sellable = (n: number, patch: Partial<Listing> = {}) => listing(n, { vin: vin(n), esntial: { eligibilityService: true }, ...patch });

function state(listings: Listing[], total = 500, query: SearchQuery = { listingType: ['USED'] }): FirstLoadState {
  return {
    brand: 'atc',
    flags: { ...defaultFlags(), buyOnline: true, premiumSpotlight: true, wallet: false },
    signedIn: false,
    query,
    result: { ...result(listings), totalResultCount: total },
    searchError: null,
    registry: { remotes: {} },
    config: { pageSize: 24, remoteTimeoutMs: 8000, signInPath: '/account/signin', defaultSort: 'relevance', apiBase: '' },
  };
}

const PRICE_RELAXATION = {
  key: 'price',
  values: ['900000'],
  label: 'Price: $900,000 and up',
  count: 37,
  remove: ['minPrice'],
  search: 'listingType=USED',
};

/** The server render's calls, answered: premium spotlights 101 to 103, every listing sellable, one relaxation. */
async function serverRender(listings: Listing[], total?: number, query?: SearchQuery, farther = 1) {
  const asked: string[] = [];
  const out = await render({
    state: state(listings, total, query),
    signal: new AbortController().signal,
    get: async (url: string) => {
      asked.push(url);
      if (url.startsWith(`${PREMIUM_PATH}?`)) return { listings: [101, 102, 103].map((n) => sellable(n)), owners: [] };
      if (url.startsWith(`${ELIGIBILITY_PATH}?`)) return { totalMatched: 1, sellable: true, circuitBreakerOpen: false };
      if (url.startsWith(`${RELAXATIONS_PATH}?`)) return { totalResultCount: 0, relaxations: [PRICE_RELAXATION] };
      if (url.startsWith(`${END_LISTINGS_PATH}?`) && url.includes('supplemental=true')) {
        return {
          listings: Array.from({ length: farther }, (_, i) => sellable(201 + i, { title: `Farther Away F-150 #${i + 1}` })),
          owners: [],
        };
      }
      return { listings: [], owners: [], creative: null };
    },
  });
  return { asked, element: out.element, html: renderToString(out.element) };
}

describe("the results region's server render", () => {
  it("asks for the eligibility of the first screen's cards only, tier cards included; the others are left to the browser", async () => {
    const { asked, html } = await serverRender(Array.from({ length: 30 }, (_, i) => sellable(i + 1)));
    const eligibility = asked
      .filter((u) => u.startsWith(`${ELIGIBILITY_PATH}?`))
      .map((u) => new URLSearchParams(u.split('?')[1]).get('vin'));
    // Premium spotlights take the first three cells; the first base listings the rest of the first screen.
    expect(FIRST_SCREEN_CELLS).toBe(6);
    expect(eligibility.sort()).toEqual([vin(1), vin(2), vin(3), vin(101), vin(102), vin(103)].sort());
    // Each asked once; the first screen's cards carry the mark in the first HTML, the later ones not yet.
    expect(new Set(asked).size).toBe(asked.length);
    expect(html.split(`"res-badge res-buy-online">${BUY_ONLINE_ELIGIBLE}`).length - 1).toBe(6);
    // The 27 later ones keep the mark's room, unseen, so nothing moves when their answers come.
    expect(html.split(`res-badge-room" aria-hidden="true">${BUY_ONLINE_ELIGIBLE}`).length - 1).toBe(27);
  });

  it('asks its tier calls first, the premium spotlights first of all (the showcase waits on the same answer)', async () => {
    const { asked } = await serverRender(Array.from({ length: 30 }, (_, i) => sellable(i + 1)));
    const tier = (u: string) => [PREMIUM_PATH, SPOTLIGHT_PATH, BOOST_PATH, HIGHLIGHT_PATH].some((p) => u.startsWith(`${p}?`));
    const tiers = asked.filter(tier);
    expect(tiers.length).toBeGreaterThanOrEqual(2);
    expect(asked[0].startsWith(`${PREMIUM_PATH}?`)).toBe(true);
    expect(asked.slice(0, tiers.length)).toEqual(tiers);
  });

  it('asks for no eligibility when no card uses the service', async () => {
    const { asked } = await serverRender(Array.from({ length: 30 }, (_, i) => listing(i + 1)));
    expect(asked.filter((u) => u.startsWith(`${ELIGIBILITY_PATH}?`)).map((u) => u.split('vin=')[1])).toEqual(
      [101, 102, 103].map((n) => vin(n)),
    );
  });

  it('with no results, renders the way out beside the message (its call asked), so nothing moves when the region hydrates', async () => {
    const none = await serverRender([], 0);
    expect(none.asked).toContain(relaxationsUrl({ listingType: ['USED'] }));
    expect(none.html).toContain('Remove Price: $900,000 and up to see 37 results');
    const some = await serverRender(Array.from({ length: 30 }, (_, i) => sellable(i + 1)));
    expect(some.asked.filter((u) => u.startsWith(`${RELAXATIONS_PATH}?`))).toEqual([]);
  });

  it('renders what follows the last page when the first page is the last (its code loaded first, its listings asked for), and not otherwise', async () => {
    const capture = END_TEXT.captureHeading;
    // A search within a radius of a ZIP: its supplemental listings are the search without the radius.
    const nearby: SearchQuery = { listingType: ['USED'], zip: '29201', searchRadius: 50 };
    const last = await serverRender([sellable(1), sellable(2)], 2, nearby);
    expect(last.html).toContain(capture);
    // The supplemental listings are in the first paint: the region's code need not come for them.
    const supplemental = last.asked.filter((u) => u.startsWith(`${END_LISTINGS_PATH}?`) && u.includes('supplemental=true'));
    expect(supplemental).toHaveLength(1);
    expect(last.html).toContain(END_TEXT.supplementalHeading);
    expect(last.html).toContain('Farther Away F-150 #1');
    // Then the similar call, as the browser asks it (after the supplemental answer): 2 + 1 listings, within 25.
    const similar = last.asked.filter((u) => u.startsWith(`${END_LISTINGS_PATH}?`) && u.includes('similarTo='));
    expect(similar).toHaveLength(1);
    expect(last.asked.indexOf(similar[0])).toBeGreaterThan(last.asked.indexOf(supplemental[0]));
    expect((await serverRender([sellable(1), sellable(2)], 2)).asked.filter((u) => u.startsWith(`${END_LISTINGS_PATH}?`))).toEqual([]);
    const more = await serverRender(
      Array.from({ length: 30 }, (_, i) => sellable(i + 1)),
      500,
      nearby,
    );
    expect(more.html).not.toContain(capture);
    expect(more.asked.filter((u) => u.startsWith(`${END_LISTINGS_PATH}?`))).toEqual([]);
  });

  it("puts a section's first cards in the first paint and the rest once hydrated, asking for the code as the shopper nears the last one", async () => {
    const nearby: SearchQuery = { listingType: ['USED'], zip: '29201', searchRadius: 50 };
    const farther = END_FIRST_PAINT_CARDS + 4;
    const { html, element } = await serverRender([sellable(1), sellable(2)], 2, nearby, farther);
    const titles = (root: ParentNode) =>
      [...root.querySelectorAll('article h3')].map((h) => h.textContent).filter((t) => t?.startsWith('Farther Away'));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const firstPaint = Array.from({ length: END_FIRST_PAINT_CARDS }, (_, i) => `Farther Away F-150 #${i + 1}`);
    expect(titles(container)).toEqual(firstPaint);
    const cut = container.querySelectorAll(`[${END_MORE_ATTR}]`);
    expect(cut).toHaveLength(1);
    expect(cut[0].children).toHaveLength(END_FIRST_PAINT_CARDS);

    // Before any React: the last first-paint card coming near the viewport as the shopper scrolls asks for the region's code.
    FakeIntersectionObserver.install();
    const wake = jest.fn();
    const stop = awaiting({ bus: createBus(), domElement: container, wake });
    // Near at load, it waits for the shopper to scroll: until then the first paint is all they see.
    FakeIntersectionObserver.show((el) => el === cut[0].lastElementChild, 0.01);
    expect(wake).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    FakeIntersectionObserver.show((el) => el === cut[0].lastElementChild, 0.01);
    expect(wake).toHaveBeenCalledTimes(1);
    stop();
    FakeIntersectionObserver.uninstall();

    // Hydrated: the same first paint (no mismatch), then every card, the list no longer marked.
    const recoverable = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, element, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(titles(container)).toEqual(Array.from({ length: farther }, (_, i) => `Farther Away F-150 #${i + 1}`));
    expect(container.querySelectorAll(`[${END_MORE_ATTR}]`)).toHaveLength(0);
    act(() => root!.unmount());
    container.remove();
  });
});
