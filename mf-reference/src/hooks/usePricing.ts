import { useGatewayData, type GatewayData } from '@cfs/remote-kit';
import { pricingUrl, readPricing, type PricingAnswer } from '../rules/pricing';

export type PricingState = GatewayData<PricingAnswer>;

/**
 * Pricing for the selected make and model, through the gateway: on the first paint from what the
 * server render fetched; a change of either aborts the previous request.
 */
export function usePricing(makeCode: string, modelCode: string): PricingState {
  return useGatewayData(pricingUrl(makeCode, modelCode), readPricing);
}
