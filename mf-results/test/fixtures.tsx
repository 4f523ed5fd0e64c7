import { render } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import type { Bus, SharedState } from '@cfs/contracts';
import { BusContext, RegionDataContext, type RegionData } from '@cfs/remote-kit';
import { BOOST_PATH, HIGHLIGHT_PATH, PREMIUM_PATH, SPOTLIGHT_PATH } from '../src/rules/tier-requests';
import { ResultsGrid } from '../src/components/ResultsGrid';
import { AD_PATH } from '../src/rules/ads';
import { ELIGIBILITY_PATH } from '../src/rules/eligibility';

/** The shared fixtures (listing, owner, result) come from @cfs/test-kit. */
export { listing, owner, result } from '@cfs/test-kit';

type SearchPatch = Partial<SharedState['search']>;

/** A bus in the state the shell leaves after a search; `search` and `compare` patch it. */
export function busWith(search: SearchPatch = {}, opts: { compareIds?: string[]; compareFlag?: boolean } = {}): Bus {
  return createBus({
    search: { query: {}, result: null, status: 'success', requestId: 1, error: null, ...search },
    compare: {
      items: (opts.compareIds ?? []).map((id) => ({ id, title: id, price: null, image: null, year: 2020 })),
      open: false,
    },
    brand: { brand: 'atc', flags: { ...defaultFlags(), compare: opts.compareFlag ?? true } },
  });
}

const TIER_PATHS = [PREMIUM_PATH, SPOTLIGHT_PATH, BOOST_PATH, HIGHLIGHT_PATH];
const NO_TIERS = { ok: true as const, body: { listings: [], owners: [], totalResultCount: 0 } };

/**
 * Region data as the server render leaves it: each tier call answered with the body of the first
 * `tiers` key its URL contains (e.g. 'premiumresults', 'listingTier=featured'), or with no listings, so the grid's tier calls never reach the network in tests.
 */
export function tierData(tiers: Record<string, unknown> = {}): RegionData {
  return new Proxy({} as RegionData, {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      // Ad slots and eligibility checks answer as their fallbacks do: no creative, ineligible.
      if (key.startsWith(`${AD_PATH}?`)) return { ok: true, body: tiers[AD_PATH] ?? { creative: null } };
      if (key.startsWith(`${ELIGIBILITY_PATH}?`)) return { ok: true, body: tiers[key] ?? { sellable: false } };
      const path = TIER_PATHS.find((p) => key.startsWith(`${p}?`));
      if (!path) return undefined;
      const given = Object.keys(tiers).find((k) => key.includes(k));
      return given ? { ok: true, body: tiers[given] } : NO_TIERS;
    },
  });
}

export function renderGrid(bus: Bus, tiers?: Record<string, unknown>) {
  return render(
    <BusContext.Provider value={bus}>
      <RegionDataContext.Provider value={tierData(tiers)}>
        <ResultsGrid />
      </RegionDataContext.Provider>
    </BusContext.Provider>,
  );
}
