/**
 * What the search offers a shopper beside its results: the filters they can remove (each with its
 * label and the keys removing it deletes; the engine counts each relaxed search), and suggested
 * filters for a search that has not set them yet.
 */
import type { FacetOption, FilterRelaxation, SearchKey, SearchQuery, SuggestedFilter } from '@cfs/contracts';
import { FILTER_NAMES } from '@cfs/contracts';
import { NEEDS_MAKE, formatNumber, formatPrice } from '@cfs/search-query';

/** Selected codes as a set of upper-case codes (codes are matched without regard to case). */
export const upper = (values: string[] | undefined) => new Set((values ?? []).map((v) => v.toUpperCase()));

/** The filters a shopper can remove, each with its label and the keys removing it deletes. */
export function removableFilters(
  q: SearchQuery,
  F: readonly { key: string }[],
  labelsOf: (key: string, values: string[]) => string[],
): Omit<FilterRelaxation, 'count' | 'search'>[] {
  const out: Omit<FilterRelaxation, 'count' | 'search'>[] = [];
  const name = (key: string) => FILTER_NAMES[key] ?? key;
  const range = (lo: string, hi: string) => (lo && hi ? `${lo} – ${hi}` : lo ? `${lo} and up` : `up to ${hi}`);
  if (q.minPrice !== undefined || q.maxPrice !== undefined) {
    const lo = q.minPrice !== undefined ? formatPrice(q.minPrice) : '';
    const hi = q.maxPrice ? formatPrice(q.maxPrice) : '';
    out.push({
      key: 'price',
      values: [String(q.minPrice ?? ''), String(q.maxPrice ?? '')],
      label: `${name('price')}: ${range(lo, hi)}`,
      remove: ['minPrice', 'maxPrice'],
    });
  }
  if (q.startYear || q.endYear) {
    const lo = q.startYear ? String(q.startYear) : '';
    const hi = q.endYear ? String(q.endYear) : '';
    out.push({
      key: 'yearRange',
      values: [lo, hi],
      label: `${name('yearRange')}: ${lo === hi ? lo : range(lo, hi)}`,
      remove: ['startYear', 'endYear'],
    });
  }
  if (q.mileage !== undefined) {
    out.push({
      key: 'mileage',
      values: [String(q.mileage)],
      label: `${name('mileage')}: Under ${formatNumber(q.mileage)} miles`,
      remove: ['mileage'],
    });
  }
  if (q.mpgRange) {
    const m = /^(\d+)-(\d*)$/.exec(q.mpgRange);
    const text = m ? (m[2] ? `${m[1]}-${m[2]} MPG` : `${m[1]}+ MPG`) : q.mpgRange;
    out.push({ key: 'mpgRange', values: [q.mpgRange], label: `${name('mpgRange')}: ${text}`, remove: ['mpgRange'] });
  }
  if (q.electricMileRange) {
    out.push({
      key: 'electricMileRange',
      values: [String(q.electricMileRange)],
      label: `${name('electricMileRange')}: ${q.electricMileRange}+ miles`,
      remove: ['electricMileRange'],
    });
  }
  if (q.zip && q.searchRadius) {
    out.push({
      key: 'searchRadius',
      values: [String(q.searchRadius)],
      label: `${name('searchRadius')}: Within ${q.searchRadius} miles`,
      remove: ['searchRadius'],
    });
  }
  if (q.moneyBackGuarantee === 'true')
    out.push({ key: 'moneyBackGuarantee', values: ['true'], label: name('moneyBackGuarantee'), remove: ['moneyBackGuarantee'] });
  if (q.vehicleExchange === 'true')
    out.push({
      key: 'vehicleExchange',
      values: ['true'],
      label: FILTER_NAMES.vehicleExchange ?? 'Vehicle Exchange',
      remove: ['vehicleExchange'],
    });
  for (const f of F) {
    if (f.key === 'listingType') continue; // the condition is defaulted per brand: removing it is not a way out
    const values = (q as Record<string, unknown>)[f.key];
    if (!Array.isArray(values) || !values.length) continue;
    const remove: SearchKey[] = [f.key as SearchKey];
    if (f.key === 'makeCode') remove.push(...NEEDS_MAKE);
    if (f.key === 'modelCode' || f.key === 'seriesCode') remove.push('trimCode');
    out.push({ key: f.key, values, label: `${name(f.key)}: ${labelsOf(f.key, values).join(', ')}`, remove });
  }
  if (q.keywordPhrases)
    out.push({
      key: 'keywordPhrases',
      values: [q.keywordPhrases],
      label: `${name('keywordPhrases')}: "${q.keywordPhrases}"`,
      remove: ['keywordPhrases'],
    });
  if (q.experience) {
    const label =
      { commercial: 'Commercial', 'best-deals': 'Best Deals', 'buy-online': 'Buy Online', 'hyundai-buy-online': 'Buy Online' }[
        q.experience
      ] ?? q.experience;
    out.push({ key: 'experience', values: [q.experience], label: `${name('experience')}: ${label}`, remove: ['experience'] });
  }
  return out;
}

/**
 * Suggested filters: for filters not set yet, the value that keeps the most listings while still
 * narrowing the search; a truck search is offered its cab sizes, an SUV search the third row.
 */
export function suggestedFilters(q: SearchQuery, filters: Record<string, { options: FacetOption[] }>, total: number): SuggestedFilter[] {
  const out: SuggestedFilter[] = [];
  const isSet = (key: string) => {
    const v = (q as Record<string, unknown>)[key];
    return Array.isArray(v) && v.length > 0;
  };
  const add = (key: SearchKey, option: FacetOption | undefined) => {
    if (option && option.count > 0 && option.count < total)
      out.push({ name: option.label, key, codes: [option.value], count: option.count });
  };
  const best = (key: string) => [...(filters[key]?.options ?? [])].filter((o) => o.count < total).sort((a, b) => b.count - a.count)[0];
  const styles = upper(q.vehicleStyleCode);
  if (styles.has('TRUCKS') && !isSet('truckCabSize')) for (const o of filters.truckCabSize?.options ?? []) add('truckCabSize', o);
  if (styles.has('SUVCROSS') && !upper(q.featureCode).has('1071'))
    add(
      'featureCode',
      filters.featureCode?.options.find((o) => o.value === '1071'),
    );
  for (const key of [
    'vehicleStyleCode',
    'makeCode',
    'dealType',
    'driveGroup',
    'fuelTypeGroup',
    'extColorSimple',
    'maximumSeating',
  ] as SearchKey[]) {
    if (!isSet(key)) add(key, best(key));
  }
  if (!isSet('featureCode')) add('featureCode', best('featureCode'));
  return out.slice(0, 10);
}
