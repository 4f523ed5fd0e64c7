/**
 * The calls of the reference section and the order they depend on each other, one plan for the
 * server render (which fetches them before rendering) and the browser (which reads the same URLs):
 * 1. pricing, articles, safety, certified content, the model years lookup (when the query names
 *    no single year) and the mileage statistics (used searches with more than 14 results);
 * 2. with the year (the query's, else the newest model year): the reference vehicles (compare
 *    trims) and the expert reviews;
 * 3. with a trim's vehicleId, when the spec's conditions hold: the consumer ratings.
 */
import type { SearchQuery } from '@cfs/contracts';
import { articlesUrl } from './editorial';
import { expertReviewsUrl } from './expert-reviews';
import { mileageStatsUrl, mileageStatsWanted } from './faq';
import { pricingUrl } from './pricing';
import { consumerRatingsUrl, consumerReviewsWanted } from './ratings';
import { safetyUrl } from './safety';
import { CERTIFIED_PATH, certifiedShows } from './certified';
import { modelYearsUrl, queryYear, type SelectedModel } from './selected-model';
import { tabsForPageType } from './tabs';
import { referenceVehiclesUrl, type Trim } from './trims';

export interface ReferenceContext {
  model: SelectedModel;
  query: SearchQuery;
  totalResults: number;
}

export function firstUrls({ model, query, totalResults }: ReferenceContext) {
  const tabs = tabsForPageType(model.pageType);
  return {
    pricing: pricingUrl(model.makeCode, model.modelCode),
    articles: articlesUrl(model.makeCode, model.modelCode),
    safety: tabs.includes('safety') ? safetyUrl(model.makeCode, model.modelCode) : null,
    certified: certifiedShows(query) ? CERTIFIED_PATH : null,
    modelYears: queryYear(query) === null ? modelYearsUrl(model.makeCode, model.modelCode) : null,
    mileage:
      tabs.includes('faqs') && mileageStatsWanted(query, totalResults) ? mileageStatsUrl(model.makeCode, model.modelCode, query) : null,
  };
}

export function yearUrls({ model }: ReferenceContext, year: number | null) {
  if (year === null) return { trims: null, expertReviews: null };
  return {
    trims: referenceVehiclesUrl(year, model.makeCode, model.modelCode),
    expertReviews: expertReviewsUrl(year, model.makeCode, model.modelCode),
  };
}

/** The consumer ratings of the model year, by the first trim's vehicleId, only under the spec's conditions. */
export function ratingsUrl({ model, query }: ReferenceContext, year: number | null, trims: readonly Trim[] | null): string | null {
  if (!tabsForPageType(model.pageType).includes('consumer-reviews') || !consumerReviewsWanted(query, year)) return null;
  const id = trims?.find((t) => t.vehicleId)?.vehicleId;
  return id ? consumerRatingsUrl(id) : null;
}
