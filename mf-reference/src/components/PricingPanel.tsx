import type { PricingState } from '../hooks/usePricing';
import { PriceTable } from './PriceTable';

/** Texts of the Pricing tab's states (not shown in the spec; our texts). */
export const PRICING_TEXT = {
  loading: 'Loading pricing…',
  error: 'Pricing is unavailable right now. Please try again later.',
  empty: (name: string) => `No pricing is available for the ${name} yet.`,
};

export function PricingPanel({ name, pricing }: { name: string; pricing: PricingState }) {
  if (pricing.status === 'loading') {
    return (
      <p role="status" className="ref-status" aria-busy="true">
        {PRICING_TEXT.loading}
      </p>
    );
  }
  if (pricing.status === 'error') {
    return (
      <p role="alert" className="ref-status ref-error">
        {PRICING_TEXT.error}
      </p>
    );
  }
  const { modelYears, trims } = pricing.data;
  if (!modelYears.length && !trims.length) return <p className="ref-status">{PRICING_TEXT.empty(name)}</p>;
  return (
    <>
      {modelYears.length > 0 && <PriceTable caption={`${name} prices by model year`} firstColumn="Year" name={name} rows={modelYears} />}
      {trims.length > 0 && <PriceTable caption={`${name} prices by trim`} firstColumn="Trim" name={name} rows={trims} />}
    </>
  );
}
