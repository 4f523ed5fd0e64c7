import { createServerRender } from '@cfs/remote-kit';
import { ReferenceApp } from './components/ReferenceApp';
import { firstUrls, ratingsUrl, yearUrls, type ReferenceContext } from './rules/plan';
import { readModelYears, referenceYear, selectedModel } from './rules/selected-model';
import { readTrims } from './rules/trims';

/**
 * The region's server render: the same component as the browser mount. For a make-and-model page
 * it fetches, during the render, the URLs the first browser render reads (rules/plan.ts), stage by
 * stage; a call that fails is recorded as failed and its tab or block is left out on both sides.
 */
export const render = createServerRender({
  name: 'mf-reference',
  version: __REMOTE_VERSION__,
  App: ReferenceApp,
  load: async ({ state, get }) => {
    const model = selectedModel(state.query, state.result);
    if (!model) return;
    const ctx: ReferenceContext = { model, query: state.query, totalResults: state.result?.totalResultCount ?? 0 };
    const tryGet = (url: string | null) => (url ? get(url).catch(() => undefined) : Promise.resolve(undefined));
    const first = firstUrls(ctx);
    const answers = await Promise.all(Object.values(first).map(tryGet));
    const years = first.modelYears ? answers[Object.keys(first).indexOf('modelYears')] : undefined;
    const year = referenceYear(state.query, years === undefined ? null : readModelYears(years));
    const second = yearUrls(ctx, year);
    const [trims] = await Promise.all([tryGet(second.trims), tryGet(second.expertReviews)]);
    await tryGet(ratingsUrl(ctx, year, trims === undefined ? null : readTrims(trims)));
  },
});
