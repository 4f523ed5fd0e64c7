import { renderToString } from 'react-dom/server';
import { defaultFlags } from '@cfs/bus';
import { RELAXATIONS_PATH, type FirstLoadState, type Listing } from '@cfs/contracts';
import { listing, result } from './fixtures';
import { render } from '../src/server';
import { ELIGIBILITY_PATH, FIRST_SCREEN_CELLS } from '../src/rules/eligibility';
import { BOOST_PATH, HIGHLIGHT_PATH, PREMIUM_PATH, SPOTLIGHT_PATH } from '../src/rules/tier-requests';
import { BUY_ONLINE_ELIGIBLE } from '../src/rules/card-model';
import { END_TEXT } from '../src/rules/end-of-results';
import { relaxationsUrl } from '../src/components/NoResultsRescue';

const vin = (n: number) => `1FTFW1E50NFA${String(n).padStart(5, '0')}`;
const sellable = (n: number, patch: Partial<Listing> = {}) => listing(n, { vin: vin(n), esntial: { eligibilityService: true }, ...patch });

function state(listings: Listing[], total = 500): FirstLoadState {
  return {
    brand: 'atc',
    flags: { ...defaultFlags(), buyOnline: true, premiumSpotlight: true, wallet: false },
    signedIn: false,
    query: { listingType: ['USED'] },
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
async function serverRender(listings: Listing[], total?: number) {
  const asked: string[] = [];
  const out = await render({
    state: state(listings, total),
    signal: new AbortController().signal,
    get: async (url: string) => {
      asked.push(url);
      if (url.startsWith(`${PREMIUM_PATH}?`)) return { listings: [101, 102, 103].map((n) => sellable(n)), owners: [] };
      if (url.startsWith(`${ELIGIBILITY_PATH}?`)) return { totalMatched: 1, sellable: true, circuitBreakerOpen: false };
      if (url.startsWith(`${RELAXATIONS_PATH}?`)) return { totalResultCount: 0, relaxations: [PRICE_RELAXATION] };
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
    expect(html.split(BUY_ONLINE_ELIGIBLE).length - 1).toBe(6);
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

  it('renders what follows the last page when the first page is the last (its code loaded first), and not otherwise', async () => {
    const capture = END_TEXT.captureHeading;
    expect((await serverRender([sellable(1), sellable(2)], 2)).html).toContain(capture);
    expect((await serverRender(Array.from({ length: 30 }, (_, i) => sellable(i + 1)))).html).not.toContain(capture);
  });
});
