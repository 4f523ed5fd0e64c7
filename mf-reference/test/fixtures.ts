import type { SearchResult } from '@cfs/contracts';
import { answer, listing, result } from '@cfs/test-kit';

/** A search result of one listing of this make and model (code, name), with a total count. */
export function modelResult(make: [string, string], model: [string, string], total = 120): SearchResult {
  return {
    ...result([listing(1, { make: { code: make[0], name: make[1] }, model: { code: model[0], name: model[1] } })]),
    totalResultCount: total,
  };
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

const spec = (values: string[]) =>
  ['546', '561', '610', '170', '160', '557', '236', '615', '578'].map((id, k) => ({ id, name: `f${id}`, value: values[k] ?? 'Standard' }));

export const TRIMS = {
  trims: [
    {
      trimName: 'XL',
      bodyStyle: 'Truck',
      engineType: 'Gas',
      epaCity: 16,
      epaHwy: 23,
      epaMpgeCity: null,
      epaMpgeHwy: null,
      nationalMSRP: 36000,
      imagePath: '/images/model/f150.svg',
      vehicleId: '412345',
      specs: spec(['Not Available', 'Optional', 'Standard']),
    },
    {
      trimName: 'XLT',
      bodyStyle: 'Truck',
      engineType: 'Hybrid',
      epaCity: 22,
      epaHwy: 29,
      epaMpgeCity: null,
      epaMpgeHwy: null,
      nationalMSRP: 45500,
      imagePath: '/images/model/f150.svg',
      vehicleId: '412346',
      specs: spec(['Standard', 'Standard', 'Standard', 'Optional']).filter((s) => s.id !== '578'),
    },
  ],
};

export const ARTICLES = [
  {
    id: 1,
    link: 'https://editorial.example/car-reviews/a-1/',
    title: 'Ford F-150 Review',
    category: 'Car Reviews',
    image: '/images/model/ford-f150.svg',
    make: 'Ford',
    model: 'F-150',
  },
  {
    id: 2,
    link: 'https://editorial.example/buying/a-2/',
    title: 'Buying a Used Ford F-150',
    category: 'Buying Guides',
    image: '/images/model/ford-f150.svg',
    make: 'Ford',
    model: 'F-150',
  },
  {
    id: 3,
    link: 'https://editorial.example/news/a-3/',
    title: 'Ford Updates the F-150',
    category: 'Car News',
    image: '/images/model/ford-f150.svg',
    make: 'Ford',
    model: 'F-150',
  },
  { id: 4, link: 'javascript:alert(1)', title: 'Unsafe', category: 'Car News', image: '', make: 'Ford', model: 'F-150' },
  {
    id: 5,
    link: 'https://editorial.example/cmp/a-5/',
    title: 'F-150 vs. Rivals',
    category: 'Comparisons',
    image: '/images/model/ford-f150.svg',
    make: 'Ford',
    model: 'F-150',
  },
];

export const SAFETY = {
  groups: [
    {
      name: 'Safety Ratings',
      features: [
        { label: 'Overall Rating', value: '5' },
        { label: 'Rollover', value: '4' },
      ],
    },
    {
      name: 'Safety Features',
      features: [
        { label: 'Antilock Brakes', value: 'std' },
        { label: 'Blind Spot Monitoring', value: 'opt' },
      ],
    },
  ],
};

export const RATINGS = {
  vehicleId: '412345',
  ratings: [
    { name: 'Value', value: 4.2 },
    { name: 'Overall Rating', value: 4.6 },
    { name: 'Comfort', value: 4.4 },
  ],
  numberOfReviews: 87,
};

export const MILEAGE = {
  count: 40,
  averageMiles: 61234,
  mileageMax: 180000,
  mileagePerYearMean: 11800,
  threshold: 50000,
  percentModel: 58.3,
  percentAllCar: 44.1,
  difference: 14,
  maxDifference: 100,
  highestMileageName: 'F-150',
  highestMileageCount: 23,
  facetStatsCalculate: [
    { name: 'Over 50,000 miles', percent: 58.3 },
    { name: 'All cars', percent: 44.1 },
  ],
};

export const REVIEWS = [1, 2, 3].map((k) => ({
  id: 100000 + k,
  date: '2024-03-0' + k + 'T09:00:00',
  link: `https://editorial.example/car-reviews/review-${k}/`,
  title: { rendered: `2024 Ford F-150 Review &#8211; part ${k}` },
  excerpt: { rendered: `<p>Our experts drove the <b>F-150</b> &amp; report.</p><script>bad()</script>` },
  _embedded: {
    author: [{ name: 'Dana Whitfield' }],
    'wp:featuredmedia': [{ source_url: '/images/model/ford-f150.svg', alt_text: '2024 Ford F-150' }],
  },
}));

export const CERTIFIED = [
  {
    makeCode: 'FORD',
    makeCodes: ['FORD'],
    makeLabel: 'Ford',
    productId: 'FORD_GOLD_CERT',
    linkText: 'Ford Gold Certified details',
    cpoTile: { title: 'Ford Gold Certified', description: 'Up to six years old.' },
    heading: 'Ford Gold Certified',
    content: 'Gold certified vehicles are up to six years old.',
  },
  {
    makeCode: 'GM',
    makeCodes: ['BUICK', 'CHEV', 'GMC'],
    makeLabel: 'GM',
    productId: 'GM_CERT',
    linkText: 'GM Certified Pre-Owned details',
    cpoTile: { title: 'GM Certified Pre-Owned', description: 'GM.' },
    heading: 'GM Certified Pre-Owned',
    content: 'GM content.',
  },
  {
    makeCode: '3P_CERT',
    makeCodes: [],
    makeLabel: 'Third-Party Certified',
    productId: 'THIRD_PARTY_CERT',
    linkText: 'Third-Party Certified details',
    cpoTile: { title: 'Third-Party Certified', description: '30 to 90 day limited warranty.' },
    heading: 'Third-Party Certified',
    content: 'Third-party content.',
  },
];

export const PROGRAM = {
  ...CERTIFIED[0],
  benefits: ['Up to six years old', '172-point inspection'],
  inspectionLink: 'https://editorial.example/certified/ford-gold/172-point-inspection/',
};

/** The gateway's answers by path, as the upstream gives them. */
export const ANSWERS: Record<string, unknown> = {
  '/rest/research/pricing': PRICING,
  '/content/articles': ARTICLES,
  '/rest/research/safety': SAFETY,
  '/content/certified': CERTIFIED,
  '/content/certified/program/FORD_GOLD_CERT': PROGRAM,
  '/rest/lsc/crawl/modelyears': { years: [2024, 2023, 2022] },
  '/rest/lsc/crawl/stats/mileage': MILEAGE,
  '/rest/research/reference-vehicles': TRIMS,
  '/content/expert-reviews/2024/ford/f150/all': REVIEWS,
  '/rest/research/consumer-ratings': RATINGS,
};

/**
 * A fetch that answers each path from `answers`; a path in `failing` answers 503 with the breaker's
 * error object (an open circuit), as the gateway does.
 */
export function gatewayFetch(failing: string[] = [], answers = ANSWERS) {
  return jest.fn(async (url: string) => {
    const path = url.split('?')[0];
    if (failing.includes(path)) return answer({ error: `Circuit Breaker for ${path} is open` }, 503);
    if (path in answers) return answer(answers[path]);
    return answer({ error: 'not found' }, 404);
  });
}
