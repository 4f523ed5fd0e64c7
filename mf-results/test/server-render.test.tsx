import { renderToString } from 'react-dom/server';
import { defaultFlags } from '@cfs/bus';
import { RELAXATIONS_PATH, type FirstLoadState, type Listing, type SearchQuery } from '@cfs/contracts';
import { listing, result } from './fixtures';
import { render } from '../src/server';
import { ELIGIBILITY_PATH, FIRST_SCREEN_CELLS } from '../src/rules/eligibility';
import { BOOST_PATH, HIGHLIGHT_PATH, PREMIUM_PATH, SPOTLIGHT_PATH } from '../src/rules/tier-requests';
import { BUY_ONLINE_ELIGIBLE } from '../src/rules/card-model';
import { END_LISTINGS_PATH, END_TEXT } from '../src/rules/end-of-results';
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
async function serverRender(listings: Listing[], total?: number, query?: SearchQuery) {
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
        return { listings: [sellable(201, { title: 'Farther Away F-150' })], owners: [] };
      }
      return { listings: [], owners: [], creative: null };
    },
  });
  return { asked, html: renderToString(out.element) };
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
    expect(last.html).toContain('Farther Away F-150');
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
});
