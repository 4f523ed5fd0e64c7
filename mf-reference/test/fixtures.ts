import type { Listing, SearchResult } from '@cfs/contracts';

export function result(make: [string, string], model: [string, string]): SearchResult {
  const l = {
    id: '1',
    vin: 'VIN1',
    title: 'A car',
    ownerId: 'd1',
    listingType: 'USED',
    year: 2021,
    make: { code: make[0], name: make[1] },
    model: { code: model[0], name: model[1] },
    bodyStyles: [],
    fuelType: { code: 'GSL', name: 'Gasoline' },
    color: { exteriorColorSimple: 'Blue', interiorColorSimple: 'Black' },
    mileage: { value: 1, label: '1 mile' },
    pricingDetail: {},
    images: { sources: [], primary: 0 },
    vdpBaseUrl: '/v/1',
  } as Listing;
  return { listings: [l], owners: [], totalResultCount: 1 };
}

export const PRICING = {
  modelYears: [
    { value: '2024', startingPrice: 36965, avgPrice: 52110.4, maxPrice: 78000, link: '/cars-for-sale/all/ford/f150?startYear=2024&endYear=2024' },
    { value: '2023', startingPrice: 34585, avgPrice: 48990, maxPrice: 74995, link: '/cars-for-sale/all/ford/f150?startYear=2023&endYear=2023' },
    { value: '2022', startingPrice: 31000, avgPrice: 45000, maxPrice: 70000, link: 'javascript:alert(1)' },
  ],
  trims: [],
};

export function answer(body: unknown, status = 200) {
  return { ok: status >= 200 && status < 300, status, statusText: 'x', text: async () => JSON.stringify(body) };
}
