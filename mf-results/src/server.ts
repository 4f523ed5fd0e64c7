import { stateFromFirstLoad } from '@cfs/bus';
import { brandVariant, type SearchQuery, type PageSearchResult } from '@cfs/contracts';
import { createServerRender } from '@cfs/remote-kit';
import { ResultsRegion } from './components/ResultsRegion';
import { firstBlockTiers, readTierAnswer, tierUrls, type FirstPageAnswers, type TierAnswer } from './rules/tier-requests';
import { buildSlots, PREMIUM_OFFSETS } from './rules/slots';
import { layoutAdUrls } from './rules/ads';
import { FIRST_SCREEN_CELLS, firstScreenEligibilityUrls } from './rules/eligibility';
import { hasMoreResults, isNoResults } from './rules/grid';
import { loadEndOfResults } from './components/LazyEndOfResults';
import { relaxationsUrl } from './components/NoResultsRescue';
import { similarUrl, supplementalAdded, supplementalUrl, type EndContext } from './rules/end-of-results';

const NONE: TierAnswer = { listings: [], owners: [] };

/** The end-of-results calls of a last page (hooks/use-end-listings.ts): the supplemental one, then the similar one it decides. */
async function askEndListings(get: (url: string) => Promise<unknown>, query: SearchQuery, result: PageSearchResult, ctx: EndContext) {
  const supplemental = supplementalUrl(query, result, ctx);
  if (!supplemental) return;
  const answer = await get(supplemental).then(readTierAnswer, () => null);
  const similar = similarUrl(query, result, supplementalAdded(answer, result), ctx);
  if (similar) await get(similar).catch(() => undefined);
}

/**
 * The region's server render: the same component as the browser mount, from the first-load
 * state. Its first paint needs the tier listings (spotlights, boost, highlights), the ad slots'
 * creatives and the first screen's cards' eligibility to buy online, fetched through the gateway's
 * routes during the render with the URLs the browser's first render reads (and, with no
 * results, the filters whose removal brings some back); a failed call leaves its part out.
 */
export const render = createServerRender({
  name: 'mf-results',
  version: __REMOTE_VERSION__,
  App: ResultsRegion,
  load: async ({ state, get }) => {
    // The same state the browser's bus starts from, so both sides ask for the same URLs.
    const first = stateFromFirstLoad(state);
    const search = first.search as { query: typeof state.query; defaultSort?: string } | undefined;
    const query = search?.query ?? {};
    const flags = first.brand?.flags ?? {};
    const ads = brandVariant(first.brand?.brand).adSlots;
    const urls = tierUrls(query, flags, new Date().getFullYear(), search?.defaultSort);
    const result = first.search?.result ?? null;
    const slotOptions = { pageSize: query.numRecords, flags, ads };
    const endContext: EndContext = {
      defaultSort: first.search?.defaultSort,
      vehicleHighlights: first.brand?.flags?.vehicleHighlight === true,
    };
    // Eligibility (one call per listing) of the cards in the first screen's cells only: the
    // browser asks for the others' once it has hydrated (rules/eligibility.ts FIRST_SCREEN_CELLS).
    // The first base listings' calls and the grid's ad creatives ask for nothing else, so they go
    // beside the tier calls; the cells the tier answers fill follow them. A failed call leaves
    // its part out, as in the browser.
    // The tier calls are asked first: the gateway and the upstream answer a page's calls about in
    // the order they are asked, the cells' calls wait for the tier answers, and the showcase's lead
    // image for the premium one (the same call). Before the tier answers, only the cells the
    // premium spotlights cannot take are known.
    const known = FIRST_SCREEN_CELLS - (urls.premium ? PREMIUM_OFFSETS.length : 0);
    const early = new Set(firstScreenEligibilityUrls(buildSlots(result, {}, slotOptions), flags, known));
    const names = Object.keys(urls) as (keyof typeof urls)[];
    const tierAnswers = Promise.all(names.map((n) => (urls[n] ? get(urls[n]).then(readTierAnswer, () => NONE) : Promise.resolve(NONE))));
    const beside = Promise.allSettled([...layoutAdUrls(result?.listings.length ?? 0, slotOptions), ...early].map((u) => get(u)));
    const answers = await tierAnswers;
    const tiers = firstBlockTiers(Object.fromEntries(names.map((n, i) => [n, answers[i]])) as FirstPageAnswers);
    const later = firstScreenEligibilityUrls(buildSlots(result, tiers, slotOptions), flags).filter((u) => !early.has(u));
    // The first page is the last: what follows it is rendered too (its code is loaded first, and
    // its supplemental and then similar listings are asked for as the browser would ask).
    const end =
      result && !hasMoreResults(result) ? Promise.all([loadEndOfResults(), askEndListings(get, query, result, endContext)]) : null;
    // No results: the way out beside the message is in the first paint, not added when hydrated.
    const rescue = result && isNoResults(result) ? get(relaxationsUrl(query)) : null;
    await Promise.allSettled([beside, ...later.map((u) => get(u)), end, rescue]);
  },
});
