import { render } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import type { Bus, SharedState } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { ResultsGrid } from '../src/components/ResultsGrid';

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

export function renderGrid(bus: Bus) {
  return render(
    <BusContext.Provider value={bus}>
      <ResultsGrid />
    </BusContext.Provider>,
  );
}
