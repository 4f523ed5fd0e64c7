import { formatPrice } from '@cfs/search-query';
import type { PricingState } from './usePricing';
import { comingSoon } from './tabs';

/**
 * Overview (editorial). The editorial articles come in a later issue; until then the tab says so and
 * sums up the pricing answer in one sentence when it has model-year rows.
 */
export function OverviewPanel({ name, pricing }: { name: string; pricing: PricingState }) {
  const years = pricing.status === 'ready' ? pricing.data.modelYears.filter((r) => Number.isFinite(r.startingPrice)) : [];
  const starts = years.map((r) => r.startingPrice);
  return (
    <>
      {years.length > 0 && (
        <p className="ref-summary">
          {`Across ${years.length} model ${years.length === 1 ? 'year' : 'years'}, starting prices of the ${name} range from ${formatPrice(Math.min(...starts))} to ${formatPrice(Math.max(...starts))}. See the Pricing tab for details.`}
        </p>
      )}
      <p className="ref-soon">{comingSoon('Editorial coverage', name)}</p>
    </>
  );
}
