import { render } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import type { Bus, Listing, Owner, SearchResult, SharedState } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { ResultsGrid } from '../src/ResultsGrid';

export function listing(n: number, patch: Partial<Listing> = {}): Listing {
  return {
    id: `L${n}`,
    vin: `VIN${n}`,
    title: `Used 2020 Ford F150 XLT ${n} w/ Tow Package`,
    ownerId: `D${n}`,
    listingType: 'USED',
    year: 2020,
    make: { code: 'FORD', name: 'Ford' },
    model: { code: 'F150', name: 'F-150' },
    bodyStyles: [{ code: 'TRUCKS', name: 'Truck' }],
    fuelType: { code: 'GSL', name: 'Gasoline' },
    color: { exteriorColorSimple: 'Blue', interiorColorSimple: 'Black' },
    mileage: { value: 12345, label: '12,345 mi' },
    pricingDetail: { salePrice: 23456 },
    images: {
      primary: 1,
      sources: [
        { src: `/images/${n}-0.jpg`, alt: 'Side view' },
        { src: `/images/${n}-1.jpg`, alt: `Front of car ${n}` },
      ],
    },
    vdpBaseUrl: `/cars-for-sale/vehicle/${n}`,
    ...patch,
  };
}

export function owner(n: number, patch: Partial<Owner> = {}): Owner {
  return {
    id: `D${n}`,
    name: `Dealer ${n}`,
    privateSeller: false,
    location: { address: { city: 'Atlanta', state: 'GA', zip: '30301' } },
    distanceFromSearch: 12.3456,
    ...patch,
  };
}

export function result(count: number, total = count): SearchResult {
  const ns = Array.from({ length: count }, (_, i) => i + 1);
  return { listings: ns.map((n) => listing(n)), owners: ns.map((n) => owner(n)), totalResultCount: total };
}

type SearchPatch = Partial<SharedState['search']>;

/** A bus in the state the shell leaves after a search; `search` and `compare` patch it. */
export function busWith(
  search: SearchPatch = {},
  opts: { compareIds?: string[]; compareFlag?: boolean } = {},
): Bus {
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
