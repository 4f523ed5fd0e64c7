import { stateFromFirstLoad } from '@cfs/bus';
import { createServerRender } from '@cfs/remote-kit';
import { ResultsRegion } from './components/ResultsRegion';
import { allTierUrls, readTierAnswer, tierUrls } from './rules/tier-requests';
import { layoutAdUrls } from './rules/ads';
import { eligibilityUrl } from './rules/eligibility';

/**
 * The region's server render: the same component as the browser mount, from the first-load
 * state. Its first paint needs the tier listings (spotlights, boost, highlights), the ad slots'
 * creatives and the cards' eligibility to buy online, fetched through the gateway's routes during
 * the render with the URLs the browser's first render reads; a failed call leaves its part out.
 */
export const render = createServerRender({
  name: 'mf-results',
  version: __REMOTE_VERSION__,
  App: ResultsRegion,
  load: async ({ state, get }) => {
    // The same state the browser's bus starts from, so both sides ask for the same URLs.
    const first = stateFromFirstLoad(state);
    const search = first.search as { query: typeof state.query; defaultSort?: string } | undefined;
    const urls = tierUrls(search?.query ?? {}, first.brand?.flags ?? {}, new Date().getFullYear(), search?.defaultSort);
    const flags = first.brand?.flags ?? {};
    // The ad creatives of the grid's slots ask for nothing else, so they go beside the tier calls.
    const ads = Promise.allSettled(layoutAdUrls().map((u) => get(u)));
    const tiers = await Promise.allSettled(allTierUrls(urls).map((u) => get(u)));
    // Eligibility: one call per listing of the first page and of the tier answers (the cells the
    // first render shows); a failed call leaves that card without the mark, as in the browser.
    const listings = [
      ...(first.search?.result?.listings ?? []),
      ...tiers.flatMap((t) => (t.status === 'fulfilled' ? readTierAnswer(t.value).listings : [])),
    ];
    const eligibility = new Set(listings.map((l) => eligibilityUrl(l, flags)).filter((u): u is string => u !== null));
    await Promise.allSettled([ads, ...[...eligibility].map((u) => get(u))]);
  },
});
