import type { SelectedModel } from '../rules/selected-model';
import { REFERENCE_TABS, type ReferenceTabId } from '../rules/tabs';
import { usePricing, type PricingState } from '../hooks/usePricing';
import { ReferenceTabs } from './ReferenceTabs';
import { PricingPanel } from './PricingPanel';
import { OverviewPanel } from './OverviewPanel';

/**
 * Stable id of the section heading: the results count heading's 'Learn more about ...' jump link
 * (page-furniture §2) can point at #ref-about.
 */
export const REFERENCE_ANCHOR = 'ref-about';

export function ReferenceSection({ model }: { model: SelectedModel }) {
  const pricing = usePricing(model.makeCode, model.modelCode);
  const name = `${model.makeName} ${model.modelName}`;
  return (
    <div className="ref-section">
      <h2 id={REFERENCE_ANCHOR} className="ref-heading" tabIndex={-1}>
        About the {name}
      </h2>
      <ReferenceTabs labelledBy={REFERENCE_ANCHOR} tabs={REFERENCE_TABS} renderPanel={(id) => panelFor(id, name, pricing)} />
    </div>
  );
}

function panelFor(id: ReferenceTabId, name: string, pricing: PricingState) {
  switch (id) {
    case 'overview':
      return <OverviewPanel name={name} pricing={pricing} />;
    case 'pricing':
      return <PricingPanel name={name} pricing={pricing} />;
  }
}
