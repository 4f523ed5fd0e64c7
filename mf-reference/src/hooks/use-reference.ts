import { useEffect } from 'react';
import { useGatewayData, type GatewayData } from '@cfs/remote-kit';
import { readArticles, type Article } from '../rules/editorial';
import { readExpertReviews, type ExpertReview } from '../rules/expert-reviews';
import { readMileageStats, type MileageStats } from '../rules/faq';
import { readPricing, type PricingAnswer } from '../rules/pricing';
import { readRatings, type ConsumerRatings } from '../rules/ratings';
import { readSafety, type SafetyGroup } from '../rules/safety';
import { readCertifiedPrograms, type CertifiedProgram } from '../rules/certified';
import { readModelYears, referenceYear } from '../rules/selected-model';
import { firstUrls, ratingsUrl, yearUrls, type ReferenceContext } from '../rules/plan';
import { readTrims, type Trim } from '../rules/trims';

/** A call's state; 'off' when it is not made (its conditions do not hold, or what it needs failed). */
export type Part<T> = GatewayData<T> | { status: 'off'; data: null };

const LOADING = { status: 'loading', data: null } as const;
const OFF = { status: 'off', data: null } as const;

/** A call that may not be made: off without a URL, loading while what it waits for loads. */
function usePart<T>(url: string | null, read: (body: unknown) => T, waiting = false): Part<T> {
  const data = useGatewayData(url, read);
  if (url === null) return waiting ? LOADING : OFF;
  return data;
}

export interface ReferenceData {
  year: number | null;
  pricing: Part<PricingAnswer>;
  articles: Part<Article[]>;
  safety: Part<SafetyGroup[]>;
  certified: Part<CertifiedProgram[]>;
  mileage: Part<MileageStats>;
  trims: Part<Trim[]>;
  expertReviews: Part<ExpertReview[]>;
  ratings: Part<ConsumerRatings>;
}

/**
 * Every call of the section through the gateway (rules/plan.ts): on the first paint from what the
 * server render fetched, later fetched; a change of URL aborts the older request.
 */
export function useReference(ctx: ReferenceContext): ReferenceData {
  const first = firstUrls(ctx);
  const pricing = usePart(first.pricing, readPricing);
  const articles = usePart(first.articles, readArticles);
  const safety = usePart(first.safety, readSafety);
  const certified = usePart(first.certified, readCertifiedPrograms);
  // page-furniture §8: "Certified sponsor fetch fails: logged only" (the panels without it show).
  const certifiedFailed = certified.status === 'error';
  useEffect(() => {
    if (certifiedFailed) console.error('[mf-reference] certified sponsor fetch failed', first.certified);
  }, [certifiedFailed, first.certified]);
  const mileage = usePart(first.mileage, readMileageStats);
  const modelYears = usePart(first.modelYears, readModelYears);
  const yearsLoading = modelYears.status === 'loading';
  const year = referenceYear(ctx.query, modelYears.status === 'ready' ? modelYears.data : null);
  const second = yearUrls(ctx, year);
  const trims = usePart(second.trims, readTrims, yearsLoading);
  const expertReviews = usePart(second.expertReviews, readExpertReviews, yearsLoading);
  const ratings = usePart(
    ratingsUrl(ctx, year, trims.status === 'ready' ? trims.data : null),
    readRatings,
    yearsLoading || trims.status === 'loading',
  );
  return { year, pricing, articles, safety, certified, mileage, trims, expertReviews, ratings };
}
