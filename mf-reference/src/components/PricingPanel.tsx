import type { PricingAnswer } from '../rules/pricing';
import { pricingFaq } from '../rules/faq';
import { PriceTable } from './PriceTable';

/** The Pricing tab: a summary line, then model-year and trim price rows (page-furniture §3). */
export function PricingPanel({ name, pricing }: { name: string; pricing: PricingAnswer }) {
  const summary = pricingFaq(name, pricing);
  return (
    <>
      {summary && <p className="ref-summary">{summary.answer}</p>}
      {pricing.modelYears.length > 0 && (
        <PriceTable caption={`${name} prices by model year`} firstColumn="Year" name={name} rows={pricing.modelYears} />
      )}
      {pricing.trims.length > 0 && <PriceTable caption={`${name} prices by trim`} firstColumn="Trim" name={name} rows={pricing.trims} />}
    </>
  );
}
