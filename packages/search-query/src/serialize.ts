import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS, type SearchQuery } from '@cfs/contracts';
import { defaultSort } from './rules';

/**
 * The one fixed order of keys in a normalised query string: location first, then what the
 * shopper narrows by, then presentation and paging.
 */
export const KEY_ORDER: readonly string[] = [
  'zip',
  'searchRadius',
  'city',
  'state',
  'marketExtension',
  'listingType',
  'makeCode',
  'modelCode',
  'trimCode',
  'seriesCode',
  'packages',
  'startYear',
  'endYear',
  'minPrice',
  'maxPrice',
  'mileage',
  ...LIST_KEYS.filter((k) => !['listingType', 'makeCode', 'modelCode', 'trimCode', 'seriesCode', 'packages', 'excludedListingId'].includes(k)),
  'mpgRange',
  'electricMileRange',
  'experience',
  'vehicleExchange',
  'keywordPhrases',
  'showcaseOwnerId',
  'lifestyleCategory',
  'channel',
  'vhrProvider',
  'bookmarkId',
  'searchBookmarkId',
  'excludedListingId',
  'sortBy',
  'firstRecord',
  'numRecords',
];

// Every key of the contracts appears exactly once.
const ALL = [...LIST_KEYS, ...NUMBER_KEYS, ...STRING_KEYS];
for (const k of ALL) if (!KEY_ORDER.includes(k)) throw new Error(`search-query: ${k} has no place in KEY_ORDER`);

/**
 * The canonical query string: fixed key order, lists comma-joined, empty values and defaults
 * (sortBy=relevance, firstRecord=0) omitted. parseQuery accepts it back.
 */
export function serializeQuery(q: SearchQuery): string {
  const parts: string[] = [];
  const rec = q as Record<string, unknown>;
  for (const key of KEY_ORDER) {
    const v = rec[key];
    if (v === undefined || v === null || v === '') continue;
    if (key === 'sortBy' && v === defaultSort('state')) continue;
    if (key === 'firstRecord' && v === 0) continue;
    if (Array.isArray(v)) {
      if (!v.length) continue;
      parts.push(`${key}=${v.map((x) => encodeURIComponent(String(x))).join(',')}`);
    } else {
      parts.push(`${key}=${encodeURIComponent(String(v))}`);
    }
  }
  return parts.join('&');
}
