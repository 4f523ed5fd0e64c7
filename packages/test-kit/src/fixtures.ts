/**
 * Test data every remote's tests share: a listing, its owner, a search result, and a fetch
 * answer. Each builder takes a number (listing 1, owner D1, ...) or an id, and a patch.
 */
import type { FirstLoadState, Listing, Owner, SearchResult } from '@cfs/contracts';
import { defaultFlags } from '@cfs/bus';

/**
 * A used 2020 Ford F-150 XLT. With a number n: id `L<n>`, owner `D<n>`, title
 * 'Used 2020 Ford F150 XLT <n> w/ Tow Package'. With a string: that id, owner `D<id>`.
 * Two images, the second one primary; $23,456; 12,345 mi; detail page /cars-for-sale/vehicle/<n>.
 */
export function listing(n: number | string, patch: Partial<Listing> = {}): Listing {
  const id = typeof n === 'number' ? `L${n}` : n;
  return {
    id,
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

/** A dealer in Atlanta, 12.3456 miles from the searched ZIP. With a number n: id `D<n>`, 'Dealer <n>'. */
export function owner(n: number | string, patch: Partial<Owner> = {}): Owner {
  return {
    id: typeof n === 'number' ? `D${n}` : n,
    name: `Dealer ${n}`,
    privateSeller: false,
    location: { address: { city: 'Atlanta', state: 'GA', zip: '30301' } },
    distanceFromSearch: 12.3456,
    ...patch,
  };
}

/**
 * A search result. `result(3)`: listings 1..3 with owners D1..D3 (`total` found, 3 by default).
 * `result(listings, owners)`: those, found exactly.
 */
export function result(count: number, total?: number): SearchResult;
export function result(listings: Listing[], owners?: Owner[]): SearchResult;
export function result(a: number | Listing[], b?: number | Owner[]): SearchResult {
  if (typeof a === 'number') {
    const ns = Array.from({ length: a }, (_, i) => i + 1);
    return { listings: ns.map((n) => listing(n)), owners: ns.map((n) => owner(n)), totalResultCount: typeof b === 'number' ? b : a };
  }
  return { listings: a, owners: Array.isArray(b) ? b : [], totalResultCount: a.length };
}

/** A fetch answer as remote-kit's api() reads it (jsdom has no fetch): `global.fetch = jest.fn(async () => answer(body))`. */
export function answer(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : String(status),
    headers: new Headers(headers),
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  };
}

/**
 * The state a page's first load carries (the gateway renders it into the page): the main brand
 * with its default flags, an anonymous shopper, no query, no listings, no remote registered, the
 * gateway's default settings; `over` replaces any top-level part.
 */
export function firstLoadState(over: Partial<FirstLoadState> = {}): FirstLoadState {
  return {
    brand: 'atc',
    flags: defaultFlags(),
    signedIn: false,
    query: {},
    result: { listings: [], owners: [], totalResultCount: 0 },
    searchError: null,
    registry: { remotes: {} },
    config: { pageSize: 24, remoteTimeoutMs: 8000, signInPath: '/account/signin', defaultSort: 'relevance', apiBase: '' },
    ...over,
  };
}
