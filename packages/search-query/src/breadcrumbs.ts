import { FUEL_GROUPS, sellerTypeName, type SearchQuery } from '@cfs/contracts';
import { breadcrumbListingType } from './listing-type';
import { BODY_STYLE_LABELS, SEARCH_PATH } from './path';
import { formatPrice } from './price';
import { serializeQuery } from './serialize';
import { own } from './values';

export interface Breadcrumb {
  key: BreadcrumbKey;
  label: string;
  href: string;
}

/** The spec's breadcrumb order (search-results spec §2). */
export const BREADCRUMB_ORDER = [
  'home',
  'page',
  'location',
  'owner',
  'condition',
  'style',
  'make',
  'model',
  'trim',
  'year',
  'price',
  'fuel',
  'mpg',
  'electricRange',
] as const;
export type BreadcrumbKey = (typeof BREADCRUMB_ORDER)[number];

/** Codes that a label lookup can name. */
export type LabelKind = 'make' | 'model' | 'trim' | 'style';

/**
 * Display names for codes (make and model names come with the search result). Either a function,
 * or per kind a single name (for the one selected code) or a code -> name map. Codes are shown
 * when no name is known.
 */
export type Labels =
  ((kind: LabelKind, code: string) => string | undefined) | Partial<Record<LabelKind, string | Readonly<Record<string, string>>>>;

const CONDITION: Record<string, string> = { NEW: 'New', USED: 'Used', CERTIFIED: 'Certified' };

function nameOf(labels: Labels | undefined, kind: LabelKind, code: string, fallback = code): string {
  let name: unknown;
  try {
    if (typeof labels === 'function') name = labels(kind, code);
    else {
      const entry = labels?.[kind];
      name = typeof entry === 'string' ? entry : entry ? own(entry, code) : undefined;
    }
  } catch {
    name = undefined;
  }
  return typeof name === 'string' && name ? name : fallback;
}

const single = (v: unknown): string | undefined => (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' ? v[0] : undefined);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function yearLabel(start: unknown, end: unknown): string | null {
  if (isNum(start) && isNum(end)) return start === end ? String(start) : `${start}-${end}`;
  if (isNum(start)) return `${start} and newer`;
  if (isNum(end)) return `${end} and older`;
  return null;
}

function priceLabel(min: unknown, max: unknown): string | null {
  if (isNum(min) && isNum(max)) return `${formatPrice(min)} - ${formatPrice(max)}`;
  if (isNum(max)) return `Under ${formatPrice(max)}`;
  if (isNum(min)) return `Over ${formatPrice(min)}`;
  return null;
}

/**
 * Breadcrumbs in the spec's order: Home, page, location, owner, condition, style, make, model,
 * trim, year, price, fuel type, mpg, electric range. A crumb shows when its value is set (for
 * lists: exactly one value); each links to the search narrowed up to and including it. 3P_CERT is
 * treated as USED (label and link). Make, model, trim and style names come from `labels`, else the
 * codes (a style falls back to the body-style table's name). Never throws.
 */
export function breadcrumbs(q: SearchQuery, labels?: Labels): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [
    { key: 'home', label: 'Home', href: '/' },
    { key: 'page', label: 'Cars for Sale', href: SEARCH_PATH },
  ];
  if (q === null || typeof q !== 'object') return crumbs;

  const types = Array.isArray(q.listingType) ? [...new Set(q.listingType.map(breadcrumbListingType))] : undefined;
  const condition = single(types);
  const seller = single(q.sellerType);
  const style = single(q.vehicleStyleCode);
  const make = single(q.makeCode);
  const model = single(q.modelCode);
  const trim = single(q.trimCode);
  const fuel = single(q.fuelTypeGroup);
  const place = typeof q.city === 'string' && q.city ? [q.city, q.state].filter(Boolean).join(', ') : q.zip ? `Near ${q.zip}` : null;

  const steps: [BreadcrumbKey, string | null, Partial<SearchQuery>][] = [
    ['location', place, { zip: q.zip, searchRadius: q.searchRadius, city: q.city, state: q.state }],
    ['owner', seller ? (sellerTypeName(seller) ?? seller) : null, { sellerType: q.sellerType }],
    ['condition', condition ? (own(CONDITION, condition) ?? condition) : null, { listingType: types }],
    [
      'style',
      style ? nameOf(labels, 'style', style, own(BODY_STYLE_LABELS, style) ?? style) : null,
      { vehicleStyleCode: q.vehicleStyleCode },
    ],
    ['make', make ? nameOf(labels, 'make', make) : null, { makeCode: q.makeCode }],
    ['model', model ? nameOf(labels, 'model', model) : null, { modelCode: q.modelCode }],
    ['trim', trim ? nameOf(labels, 'trim', trim) : null, { trimCode: q.trimCode }],
    ['year', yearLabel(q.startYear, q.endYear), { startYear: q.startYear, endYear: q.endYear }],
    ['price', priceLabel(q.minPrice, q.maxPrice), { minPrice: q.minPrice, maxPrice: q.maxPrice }],
    ['fuel', fuel ? cap(own<string>(FUEL_GROUPS, fuel) ?? fuel) : null, { fuelTypeGroup: q.fuelTypeGroup }],
    ['mpg', typeof q.mpgRange === 'string' && q.mpgRange ? `${q.mpgRange} MPG` : null, { mpgRange: q.mpgRange }],
    ['electricRange', isNum(q.electricMileRange) ? `${q.electricMileRange}+ mi range` : null, { electricMileRange: q.electricMileRange }],
  ];

  let acc: SearchQuery = {};
  for (const [key, label, part] of steps) {
    acc = { ...acc, ...part };
    if (!label) continue;
    const qs = serializeQuery(acc);
    crumbs.push({ key, label, href: `${SEARCH_PATH}${qs ? `?${qs}` : ''}` });
  }
  return crumbs;
}
