import { FUEL_GROUPS, type SearchQuery } from '@cfs/contracts';
import { serializeQuery } from './serialize';
import { formatPrice } from './rules';

export interface Breadcrumb {
  key: string;
  label: string;
  href: string;
}

/** Optional display names for codes (make and model names come from the search result). */
export type Labels = Partial<Record<'make' | 'model' | 'trim' | 'style', string>>;

const CONDITION: Record<string, string> = { NEW: 'New', USED: 'Used', CERTIFIED: 'Certified', '3P_CERT': 'Used' };

/**
 * Breadcrumbs in the spec's order: Home, page, location, owner, condition, style, make, model,
 * trim, year, price, fuel type, mpg, electric range. Each crumb links to the search narrowed up
 * to it. 3P_CERT is treated as USED.
 */
export function breadcrumbs(q: SearchQuery, labels: Labels = {}): Breadcrumb[] {
  const steps: [string, string | null, Partial<SearchQuery>][] = [
    ['location', q.zip ? `Near ${q.zip}` : null, { zip: q.zip, searchRadius: q.searchRadius }],
    ['owner', q.sellerType?.length === 1 ? (q.sellerType[0] === 'p' ? 'Private Seller' : 'Dealer') : null, { sellerType: q.sellerType }],
    [
      'condition',
      q.listingType?.length === 1 ? CONDITION[q.listingType[0]] ?? null : null,
      { listingType: q.listingType?.map((t) => (t === '3P_CERT' ? 'USED' : t)) },
    ],
    ['style', q.vehicleStyleCode?.length === 1 ? labels.style ?? q.vehicleStyleCode[0] : null, { vehicleStyleCode: q.vehicleStyleCode }],
    ['make', q.makeCode?.length === 1 ? labels.make ?? q.makeCode[0] : null, { makeCode: q.makeCode }],
    ['model', q.modelCode?.length === 1 ? labels.model ?? q.modelCode[0] : null, { modelCode: q.modelCode }],
    ['trim', q.trimCode?.length === 1 ? labels.trim ?? q.trimCode[0] : null, { trimCode: q.trimCode }],
    [
      'year',
      q.startYear !== undefined ? (q.startYear === q.endYear || q.endYear === undefined ? String(q.startYear) : `${q.startYear}-${q.endYear}`) : null,
      { startYear: q.startYear, endYear: q.endYear },
    ],
    [
      'price',
      q.maxPrice !== undefined ? `Under ${formatPrice(q.maxPrice)}` : q.minPrice !== undefined ? `Over ${formatPrice(q.minPrice)}` : null,
      { minPrice: q.minPrice, maxPrice: q.maxPrice },
    ],
    [
      'fuel',
      q.fuelTypeGroup?.length === 1 ? cap(FUEL_GROUPS[q.fuelTypeGroup[0] as keyof typeof FUEL_GROUPS] ?? q.fuelTypeGroup[0]) : null,
      { fuelTypeGroup: q.fuelTypeGroup },
    ],
    ['mpg', q.mpgRange ? `${q.mpgRange} MPG` : null, { mpgRange: q.mpgRange }],
    ['electricRange', q.electricMileRange !== undefined ? `${q.electricMileRange}+ mi range` : null, { electricMileRange: q.electricMileRange }],
  ];
  const crumbs: Breadcrumb[] = [
    { key: 'home', label: 'Home', href: '/' },
    { key: 'page', label: 'Cars for Sale', href: '/cars-for-sale' },
  ];
  let acc: SearchQuery = {};
  for (const [key, label, part] of steps) {
    acc = { ...acc, ...part };
    if (!label) continue;
    const qs = serializeQuery(acc);
    crumbs.push({ key, label, href: `/cars-for-sale${qs ? `?${qs}` : ''}` });
  }
  return crumbs;
}

function cap(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
