import type { ReactNode } from 'react';
import { REFERENCE_ANCHOR_ID, type SearchQuery } from '@cfs/contracts';
import type { SelectedModel } from '../rules/selected-model';
import { FIXED_TABS, showsEditorialTabs, tabsForPageType, type FixedTabId } from '../rules/tabs';
import { editorialTabs } from '../rules/editorial';
import { mileageFaq, mileageFaqShows, pricingFaq, trimsFaq, usedAveragesFaq, type Faq } from '../rules/faq';
import { useReference, type Part, type ReferenceData } from '../hooks/use-reference';
import { ReferenceTabs, type TabSpec } from './ReferenceTabs';
import { Loading } from './Loading';
import { PricingPanel } from './PricingPanel';
import { EditorialPanel } from './EditorialPanel';
import { CompareTrimsPanel } from './CompareTrimsPanel';
import { SafetyPanel } from './SafetyPanel';
import { ConsumerReviewsPanel } from './ConsumerReviewsPanel';
import { FaqPanel } from './FaqPanel';
import { ArticleCarousel } from './ArticleCarousel';
import { ExpertReviews } from './ExpertReviews';
import { CertifiedPrograms } from './CertifiedPrograms';

/**
 * Stable id of the section heading, the focus target of the results count heading's 'Learn more
 * about ...' jump link in the hero (page-furniture §2): focusable (tabindex -1).
 */
export const REFERENCE_ANCHOR = REFERENCE_ANCHOR_ID;

/** A tab or block shows while its call is under way and when it answered content; a failed or empty call hides it. */
export function partShows<T>(part: Part<T>, hasContent: (data: T) => boolean): boolean {
  return part.status === 'loading' || (part.status === 'ready' && hasContent(part.data));
}

const nonEmpty = (a: readonly unknown[]) => a.length > 0;

export function ReferenceSection(props: { model: SelectedModel; query: SearchQuery; totalResults: number; fordBrand: boolean }) {
  const { model, query, totalResults } = props;
  const data = useReference({ model, query, totalResults });
  const name = `${model.makeName} ${model.modelName}`;
  const title = data.year !== null ? `${data.year} ${name}` : name;

  const editorial = showsEditorialTabs(model.pageType) && data.articles.status === 'ready' ? editorialTabs(data.articles.data) : [];
  const faqs = faqList(name, data, query, totalResults);
  const shows: Record<FixedTabId, boolean> = {
    pricing: partShows(data.pricing, (p) => p.modelYears.length + p.trims.length > 0),
    'compare-trims': partShows(data.trims, nonEmpty),
    safety: partShows(data.safety, nonEmpty),
    'consumer-reviews': partShows(data.ratings, (r) => r.ratings.length > 0),
    faqs: true,
  };
  const tabs: TabSpec[] = [
    ...editorial.map((t) => ({ id: t.id, label: t.category })),
    ...tabsForPageType(model.pageType)
      .filter((id) => shows[id])
      .map((id) => ({ id, label: FIXED_TABS[id] })),
  ];

  const panel = (id: string) => {
    const ed = editorial.find((t) => t.id === id);
    if (ed) return <EditorialPanel tab={ed} />;
    switch (id as FixedTabId) {
      case 'pricing':
        return ready(data.pricing, (p) => <PricingPanel name={name} pricing={p} />);
      case 'compare-trims':
        return ready(data.trims, (t) => <CompareTrimsPanel title={title} trims={t} query={query} />);
      case 'safety':
        return ready(data.safety, (g) => <SafetyPanel name={name} groups={g} />);
      case 'consumer-reviews':
        return ready(data.ratings, (r) => <ConsumerReviewsPanel title={title} ratings={r} />);
      case 'faqs':
        return <FaqPanel faqs={faqs} />;
    }
  };

  return (
    <div className="ref-section">
      <h2 id={REFERENCE_ANCHOR} className="ref-heading" tabIndex={-1}>
        About the {name}
      </h2>
      <ReferenceTabs labelledBy={REFERENCE_ANCHOR} tabs={tabs} renderPanel={panel} />
      {data.articles.status === 'ready' && data.articles.data.length > 0 && <ArticleCarousel name={name} articles={data.articles.data} />}
      {data.expertReviews.status === 'ready' && data.expertReviews.data.length > 0 && (
        <ExpertReviews title={title} reviews={data.expertReviews.data} />
      )}
      {data.certified.status === 'ready' && data.certified.data.length > 0 && (
        <CertifiedPrograms makeCode={model.makeCode} programs={data.certified.data} fordBrand={props.fordBrand} />
      )}
    </div>
  );
}

function ready<T>(part: Part<T>, render: (data: T) => ReactNode) {
  return part.status === 'ready' ? render(part.data) : <Loading />;
}

/** The FAQs: pricing, trims and mileage when their calls answered and their rules hold, and the used-vehicle averages. */
function faqList(name: string, data: ReferenceData, query: SearchQuery, totalResults: number): Faq[] {
  const out: (Faq | null)[] = [];
  if (data.pricing.status === 'ready') out.push(pricingFaq(name, data.pricing.data));
  if (data.trims.status === 'ready' && data.year !== null)
    out.push(
      trimsFaq(
        name,
        data.year,
        data.trims.data.map((t) => t.trimName),
      ),
    );
  const stats = data.mileage.status === 'ready' ? data.mileage.data : null;
  if (stats && mileageFaqShows(query, totalResults, stats)) out.push(mileageFaq(name, stats));
  out.push(usedAveragesFaq());
  return out.filter((f): f is Faq => f !== null);
}
