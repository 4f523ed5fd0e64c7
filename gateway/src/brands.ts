/**
 * Brand per host, and the feature-flag set of each brand (every flag both specs list, on but for
 * those its row of the brand table, @cfs/contracts BRAND_TABLE, turns off).
 */
import { BRAND_TABLE, BRANDS, FEATURE_FLAGS, type Brand, type FeatureFlags } from '@cfs/contracts';

const all = (on: boolean) => Object.fromEntries(FEATURE_FLAGS.map((f) => [f, on])) as FeatureFlags;

export function flagsFor(brand: Brand, overrides: Partial<FeatureFlags> = {}): FeatureFlags {
  const flags = all(true);
  for (const f of BRAND_TABLE[brand].flagsOff) flags[f] = false;
  return { ...flags, ...overrides };
}

/**
 * The brand of a request by its host: the configured table (BRAND_HOSTS) first; then
 * designed: a loopback name `<brand>.localhost` (`ford.localhost:8080`) is that brand, so every
 * brand can be opened on one machine and in browser tests with no configuration. Such a name
 * never reaches a server from outside the machine (RFC 6761: it resolves to loopback only).
 * Anything else is the main brand.
 */
export function brandForHost(host: string | undefined, table: Record<string, Brand>): Brand {
  const h = (host ?? '').split(':')[0].toLowerCase();
  if (Object.prototype.hasOwnProperty.call(table, h)) return table[h];
  const local = /^([a-z]+)\.localhost$/.exec(h)?.[1];
  return local && (BRANDS as readonly string[]).includes(local) ? (local as Brand) : 'atc';
}
