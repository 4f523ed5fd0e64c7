/**
 * Brand per host, and the feature-flag set of each brand (every flag both specs list).
 * The certified-used Ford variant hides quick actions; the valuation brand counts saved searches.
 */
import { FEATURE_FLAGS, type Brand, type FeatureFlag, type FeatureFlags } from '@cfs/contracts';

const all = (on: boolean) => Object.fromEntries(FEATURE_FLAGS.map((f) => [f, on])) as FeatureFlags;

const OFF: Record<Brand, FeatureFlag[]> = {
  atc: ['nonRelevanceSpotlights', 'vehicleExchange'],
  kbb: ['buyOnline', 'marketExtension', 'nonRelevanceSpotlights', 'vehicleExchange', 'categorySearch'],
  magazine: ['wallet', 'payments', 'buyOnline', 'premiumSpotlight', 'vehicleHighlight', 'vehicleExchange', 'nonRelevanceSpotlights'],
  ford: [
    'shareListingLink',
    'compare',
    'wallet',
    'buyOnline',
    'marketExtension',
    'vehicleExchange',
    'categorySearch',
    'nonRelevanceSpotlights',
  ],
};

export function flagsFor(brand: Brand, overrides: Partial<FeatureFlags> = {}): FeatureFlags {
  const flags = all(true);
  for (const f of OFF[brand]) flags[f] = false;
  return { ...flags, ...overrides };
}

export function brandForHost(host: string | undefined, table: Record<string, Brand>): Brand {
  const h = (host ?? '').split(':')[0].toLowerCase();
  return table[h] ?? 'atc';
}
