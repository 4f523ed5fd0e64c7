/**
 * Eligibility to buy online (page-furniture §4 'Eligibility check', §7, §8): one call per listing
 * (the gateway's eligibility route takes one vin), for listings whose dealer uses the eligibility
 * service, when the brand offers Buy Online. The listing is eligible only when the answer says
 * sellable; a failure, the route's fallback or an open circuit breaker reads as ineligible.
 */
import type { FeatureFlags, Listing } from '@cfs/contracts';

export const ELIGIBILITY_PATH = '/eligibility/verify';
const VIN = /^[A-HJ-NPR-Za-hj-npr-z0-9]{11,17}$/;

export function eligibilityUrl(listing: Listing, flags: Partial<FeatureFlags> | undefined): string | null {
  if (!flags?.buyOnline || listing.esntial?.eligibilityService !== true) return null;
  if (typeof listing.vin !== 'string' || !VIN.test(listing.vin)) return null;
  return `${ELIGIBILITY_PATH}?vin=${encodeURIComponent(listing.vin)}`;
}

export function readEligibility(body: unknown): boolean {
  const b = body as { sellable?: unknown; circuitBreakerOpen?: unknown; totalMatched?: unknown } | null;
  return !!b && b.sellable === true && b.circuitBreakerOpen !== true && (b.totalMatched === undefined || Number(b.totalMatched) > 0);
}
