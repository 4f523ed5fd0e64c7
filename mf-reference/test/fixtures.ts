import type { SearchResult } from '@cfs/contracts';
import { listing, result } from '@cfs/test-kit';

/** A search result of one listing of this make and model (code, name). */
export function modelResult(make: [string, string], model: [string, string]): SearchResult {
  return result([listing(1, { make: { code: make[0], name: make[1] }, model: { code: model[0], name: model[1] } })]);
}

/** The pricing answer of the upstream for a Ford F-150 (one link is unsafe on purpose). */
export const PRICING = {
  modelYears: [
    {
      value: '2024',
      startingPrice: 36965,
      avgPrice: 52110.4,
      maxPrice: 78000,
      link: '/cars-for-sale/all/ford/f150?startYear=2024&endYear=2024',
    },
    {
      value: '2023',
      startingPrice: 34585,
      avgPrice: 48990,
      maxPrice: 74995,
      link: '/cars-for-sale/all/ford/f150?startYear=2023&endYear=2023',
    },
    { value: '2022', startingPrice: 31000, avgPrice: 45000, maxPrice: 70000, link: 'javascript:alert(1)' },
  ],
  trims: [],
};
