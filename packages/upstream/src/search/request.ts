/** Reads and validates a listing-search request: a bad value is a clear 400, never a crash. */
import { LISTING_TYPES, NUMBER_KEYS, SORT_VALUES, type SearchQuery } from '@cfs/contracts';
import { parseQuery } from '@cfs/search-query';
import { BadRequest } from '../util/errors';

export function readSearch(raw: Record<string, unknown>): SearchQuery {
  const flat: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string' || Array.isArray(v)) flat[k] = v as string | string[];
  }
  for (const key of NUMBER_KEYS) {
    const v = flat[key];
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) {
      if (!/^\d{1,9}$/.test(one)) throw new BadRequest(`${key} must be a whole number, got '${one.slice(0, 40)}'`);
    }
  }
  const sortBy = flat.sortBy;
  if (typeof sortBy === 'string' && !(SORT_VALUES as readonly string[]).includes(sortBy)) {
    throw new BadRequest(`sortBy must be one of ${SORT_VALUES.join(', ')}`);
  }
  const zip = flat.zip;
  if (typeof zip === 'string' && zip !== '' && !/^\d{5}$/.test(zip)) throw new BadRequest('zip must be 5 digits');
  const q = parseQuery(flat);
  for (const t of q.listingType ?? []) {
    if (!(LISTING_TYPES as readonly string[]).includes(t.toUpperCase())) throw new BadRequest(`unknown listingType '${t}'`);
  }
  if (q.numRecords !== undefined && (q.numRecords < 1 || q.numRecords > 100)) throw new BadRequest('numRecords must be 1 to 100');
  return q;
}

export function flag(raw: Record<string, unknown>, key: string): boolean {
  const v = raw[key];
  return v === 'true' || v === '1' || v === '';
}

export function intParam(raw: Record<string, unknown>, key: string, dflt: number, min: number, max: number): number {
  const v = raw[key];
  if (v === undefined) return dflt;
  if (typeof v !== 'string' || !/^\d{1,6}$/.test(v)) throw new BadRequest(`${key} must be a whole number`);
  const n = Number(v);
  if (n < min || n > max) throw new BadRequest(`${key} must be ${min} to ${max}`);
  return n;
}
