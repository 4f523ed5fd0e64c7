import { formatPrice } from '@cfs/search-query';
import type { PricingState } from '../hooks/usePricing';

/** Overview: the pricing answer summed up in one sentence when it has model-year rows. */
export function OverviewPanel({ name, pricing }: { name: string; pricing: PricingState }) {
  const years = pricing.status === 'ready' ? pricing.data.modelYears.filter((r) => Number.isFinite(r.startingPrice)) : [];
  const starts = years.map((r) => r.startingPrice);
  return (
    <p className="ref-summary">
      {years.length > 0
        ? `Across ${years.length} model ${years.length === 1 ? 'year' : 'years'}, starting prices of the ${name} range from ${formatPrice(Math.min(...starts))} to ${formatPrice(Math.max(...starts))}. See the Pricing tab for details.`
        : `See the Pricing tab for the ${name}'s prices by model year.`}
    </p>
  );
}
