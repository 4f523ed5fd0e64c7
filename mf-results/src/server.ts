import { stateFromFirstLoad } from '@cfs/bus';
import { brandVariant, type Listing } from '@cfs/contracts';
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
    // The ad creatives of the grid's slots and the eligibility of the first page's cards ask for
    // nothing else, so they go beside the tier calls; the tier answers' own cards follow them.
    // Eligibility: one call per listing the first render shows; a failed call leaves that card
    // without the mark, as in the browser.
    const eligibilityOf = (listings: readonly Listing[]) =>
      listings.map((l) => eligibilityUrl(l, flags)).filter((u): u is string => u !== null);
    const asked = new Set(eligibilityOf(first.search?.result?.listings ?? []));
    const early = Promise.allSettled([...layoutAdUrls(brandVariant(first.brand?.brand).adSlots), ...asked].map((u) => get(u)));
    const tiers = await Promise.allSettled(allTierUrls(urls).map((u) => get(u)));
    const more = eligibilityOf(tiers.flatMap((t) => (t.status === 'fulfilled' ? readTierAnswer(t.value).listings : []))).filter(
      (u) => !asked.has(u),
    );
    await Promise.allSettled([early, ...[...new Set(more)].map((u) => get(u))]);
  },
});
