import type { Listing, Owner, SearchResult } from '@cfs/contracts';

export function listing(over: Partial<Listing> & { id: string; ownerId: string }): Listing {
  return {
    vin: `VIN${over.id}`,
    title: `2021 Ford F-150 XLT w/ Tow Package`,
    listingType: 'USED',
    year: 2021,
    make: { code: 'FORD', name: 'Ford' },
    model: { code: 'F150', name: 'F-150' },
    bodyStyles: [{ code: 'TRUCKS', name: 'Truck' }],
    fuelType: { code: 'GSL', name: 'Gasoline' },
    color: { exteriorColorSimple: 'Blue', interiorColorSimple: 'Black' },
    mileage: { value: 30000, label: '30,000 miles' },
    pricingDetail: { salePrice: 34995 },
    images: { sources: [{ src: `/img/${over.id}.jpg`, alt: `Photo of ${over.id}` }], primary: 0 },
    vdpBaseUrl: `/cars-for-sale/vehicle/${over.id}`,
    ...over,
  };
}

export function owner(id: string, name: string): Owner {
  return {
    id,
    name,
    privateSeller: false,
    location: { address: { city: 'Atlanta', state: 'GA', zip: '30301' } },
    distanceFromSearch: 12.3456,
  };
}

export function result(listings: Listing[], owners: Owner[]): SearchResult {
  return { listings, owners, totalResultCount: listings.length };
}

/** A fetch answer the remote-kit api() helper understands. */
export function answer(body: unknown, status = 200) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    text: async () => JSON.stringify(body),
  };
}
