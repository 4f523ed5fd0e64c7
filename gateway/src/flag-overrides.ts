/**
 * Feature-flag overrides of a staging page (`?flags=-wallet,+vehicleExchange`): integration tests
 * compose a page with one flag turned off (or on) to check that its feature goes (or comes). A
 * production gateway never reads them: the brand's flags are the ones in force.
 */
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from '@cfs/contracts';

const KNOWN = new Set<string>(FEATURE_FLAGS);

/** The overrides named by `flags` values: `-name` turns a flag off, `+name` or `name` on; unknown names are ignored. */
export function parseFlagOverrides(values: readonly string[]): Partial<FeatureFlags> {
  const out: Partial<FeatureFlags> = {};
  for (const value of values)
    for (const raw of value.split(',')) {
      const item = raw.trim();
      const on = !item.startsWith('-');
      const name = item.replace(/^[-+]/, '');
      if (KNOWN.has(name)) out[name as FeatureFlag] = on;
    }
  return out;
}
