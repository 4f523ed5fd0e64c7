import type { SearchKey, SearchQuery, SortBy } from '@cfs/contracts';
import { ALL_KEYS, isListKey, isNumberKey } from './keys';
import { isImpliedDefault } from './defaults';
import { isSortValue } from './sort';
import { cleanText, listItems, wholeNumber } from './values';

/** Keys placed by hand, in the order they are written. */
const PLACED: readonly SearchKey[] = [
  // Where: location first.
  'zip',
  'searchRadius',
  'city',
  'state',
  'marketExtension',
  // What: condition, make, model and trim, then the vehicle's shape.
  'listingType',
  'makeCode',
  'modelCode',
  'trimCode',
  'seriesCode',
  'packages',
  'vehicleStyleCode',
  'bodyStyleSubtypeCode',
  'suvSubtypeCode',
  'sedanSubtypeCode',
  'vanSubtypeCode',
  'truckBedLength',
  'truckCabSize',
  'vehicleType',
  // Ranges.
  'startYear',
  'endYear',
  'minPrice',
  'maxPrice',
  'mileage',
  // Attributes.
  'extColorSimple',
  'intColorSimple',
  'fuelTypeGroup',
  'driveGroup',
  'engineCode',
  'engineDisplacement',
  'transmissionCode',
  'maximumSeating',
  'doorCode',
  'featureCode',
  'mpgRange',
  'electricMileRange',
  // Deal, seller and history.
  'dealType',
  'sellerType',
  'vehicleHistoryType',
  'vehicleUseType',
  'moneyBackGuarantee',
  'homeServices',
  'vehicleExchange',
  'experience',
  'showcaseOwnerId',
  'keywordPhrases',
  'lifestyleCategory',
  // Request context.
  'channel',
  'vhrProvider',
  'bookmarkId',
  'searchBookmarkId',
  'excludedListingId',
  // Presentation and paging last.
  'sortBy',
  'firstRecord',
  'numRecords',
];

/**
 * The one fixed order of keys in the normalised query string: location, condition and vehicle,
 * ranges, attributes, deal and seller, request context, then sort and paging. A key the contracts
 * add later (and that is not placed above yet) is written after these, in contract order.
 */
export const KEY_ORDER: readonly SearchKey[] = [...PLACED, ...ALL_KEYS.filter((k) => !PLACED.includes(k))];

/**
 * encodeURIComponent, plus the apostrophe: browsers percent-encode it in a query string on their
 * own (the URL standard's special-query set), so a canonical form that kept it raw would never be
 * what a browser requests after the redirect, and the page would redirect forever.
 */
const enc = (s: string) => encodeURIComponent(s).replace(/'/g, '%27');

/**
 * The canonical query string (no leading '?'): keys in KEY_ORDER, list values comma-joined (each
 * value URL-encoded, so the joining commas are the only literal commas), values URL-encoded with
 * %20 for spaces, empty values and defaults (sortBy=relevance, firstRecord=0) omitted. Values are
 * written as parseQuery would read them; unknown keys are not written. Never throws.
 * `opts.defaultSort`: the default sort in force of a page URL (the option-file reading), left out
 * instead of relevance; without it relevance is left out (also the upstream's own default).
 */
export function serializeQuery(q: SearchQuery, opts: { defaultSort?: SortBy } = {}): string {
  if (q === null || typeof q !== 'object') return '';
  const rec = q as Record<string, unknown>;
  const impliedSort = isSortValue(opts?.defaultSort) ? opts.defaultSort : undefined;
  const parts: string[] = [];
  for (const key of KEY_ORDER) {
    const v = rec[key];
    if (v === undefined || v === null) continue;
    if (isListKey(key)) {
      const items = listItems(v);
      if (items.length) parts.push(`${key}=${items.map(enc).join(',')}`);
    } else if (isNumberKey(key)) {
      const n = wholeNumber(v);
      if (n !== undefined && !isImpliedDefault(key, n, impliedSort)) parts.push(`${key}=${n}`);
    } else {
      const s = cleanText(v);
      if (s !== undefined && !isImpliedDefault(key, s, impliedSort)) parts.push(`${key}=${enc(s)}`);
    }
  }
  return parts.join('&');
}
