/**
 * A region's data as the page carries it (RegionDataJson), written once by the gateway and read
 * by the region's browser side (remote-kit), so the page carries each listing and owner once.
 *
 * The tier spotlights, the premium showcase and other answers a region's server render fetches
 * repeat listings and owners that the first-load search result already carries (a featured
 * listing is the search's own listing with its `listingTier` added). In the page, such a listing
 * is written as a reference to the result's, plus the keys the answer adds or changes:
 *
 *   {"$state": "listing:700011794", "listingTier": "featured"}
 *
 * Only the items of an answer's `listings` and `owners` arrays are ever references, and an entry
 * that holds any is marked `refs: true`. A reference is written only when the region's own build
 * reads them (its server render says so: PreparedRegion's `stateRefs`), so a version built before
 * them still gets every answer whole. Read back against the same search result, the data equals
 * what the server render fetched; a reference that the result no longer holds drops its entry
 * (the region then asks the gateway for that URL, as for any URL its server render did not fetch).
 */
import { PAGE_LISTING_FIELDS, PAGE_OWNER_FIELDS, type Listing, type Owner, type SearchResult } from './listing';
import type { RegionData } from './region-render';

/** The key of a reference to a listing or owner of the first-load search result. */
export const STATE_REF = '$state';

/** A region's data as the page carries it: RegionData whose marked entries hold references. */
export type RegionDataJson = Record<string, { ok: true; body: unknown; refs?: true } | { ok: false }>;

/** What references can point at: the first-load search result's listings and owners. */
export type ReferredResult = Pick<SearchResult, 'listings' | 'owners'>;

const KINDS = { listing: 'listings', owner: 'owners' } as const;
type Kind = keyof typeof KINDS;

/** The fields the page carries of each kind (listing.ts: what the page's code reads). */
const PAGE_FIELDS: Record<Kind, readonly string[]> = { listing: PAGE_LISTING_FIELDS, owner: PAGE_OWNER_FIELDS };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether two parsed JSON values are equal. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every(
    (k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, Json>)[k], (b as Record<string, Json>)[k]),
  );
}

/**
 * An item as a reference to `known` (same id), with the keys it adds or changes; null when it
 * lacks a key the known one has (it is not the same thing told again).
 */
function asReference(kind: Kind, item: Record<string, unknown>, known: Record<string, unknown>): Record<string, unknown> | null {
  for (const k of Object.keys(known)) if (!Object.prototype.hasOwnProperty.call(item, k)) return null;
  const ref: Record<string, unknown> = { [STATE_REF]: `${kind}:${String(known.id)}` };
  for (const [k, v] of Object.entries(item)) if (!sameJson(v, known[k])) ref[k] = v;
  return ref;
}

/**
 * An answer's listings and owners as the page carries them (PAGE_LISTING_FIELDS,
 * PAGE_OWNER_FIELDS), the rest of it as it is; anything else (no listings, not an object) as it is.
 */
export function forPage<T>(body: T): T {
  if (!isObject(body)) return body;
  let out: Record<string, unknown> | null = null;
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const items = body[KINDS[kind]];
    if (!Array.isArray(items)) continue;
    const fields = PAGE_FIELDS[kind];
    (out ??= { ...body })[KINDS[kind]] = items.map((it: unknown) => (isObject(it) ? pick(it, fields) : it));
  }
  return (out ?? body) as T;
}

/** The fields of `item` that are named and set, in the order named (a loop: every answer's every listing goes through it). */
function pick(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = item[f];
    if (v !== undefined) out[f] = v;
  }
  return out;
}

/**
 * An answer's body with the listings and owners that the result carries written as references;
 * null when none is (or the body has an item that already has a `$state` key: it is written whole).
 */
export function referToResult(body: unknown, result: ReferredResult | null | undefined): Record<string, unknown> | null {
  if (!result || !isObject(body)) return null;
  let out: Record<string, unknown> | null = null;
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const key = KINDS[kind];
    const items = body[key];
    if (!Array.isArray(items) || !items.length) continue;
    const known = result[key] as unknown;
    if (!Array.isArray(known) || !known.length) continue;
    if (items.some((it) => isObject(it) && STATE_REF in it)) return null;
    const byId = new Map<unknown, Record<string, unknown>>();
    for (const k of known) if (isObject(k) && k.id !== undefined) byId.set(k.id, k);
    let changed = false;
    const written = items.map((it) => {
      const same = isObject(it) ? byId.get(it.id) : undefined;
      const ref = same && isObject(it) ? asReference(kind, it, same) : null;
      if (ref) changed = true;
      return ref ?? it;
    });
    if (changed) (out ??= { ...body })[key] = written;
  }
  return out;
}

/** A reference read back: the result's item with the keys the answer adds; undefined if gone. */
function resolve(item: unknown, result: ReferredResult): unknown {
  if (!isObject(item) || typeof item[STATE_REF] !== 'string') return item;
  const { [STATE_REF]: ref, ...rest } = item;
  const at = (ref as string).indexOf(':');
  const kind = (ref as string).slice(0, at) as Kind;
  const id = (ref as string).slice(at + 1);
  const list = (KINDS[kind] ? result[KINDS[kind]] : undefined) as (Listing | Owner)[] | undefined;
  const known = Array.isArray(list) ? list.find((k) => isObject(k) && String(k.id) === id) : undefined;
  return known ? { ...known, ...rest } : undefined;
}

/**
 * A region's data as the page carried it, read back against the first-load search result (null:
 * the search has changed since; entries with references are then dropped and fetched afresh).
 */
export function resolveRegionData(json: unknown, result: ReferredResult | null | undefined): RegionData {
  const data: RegionData = {};
  if (!isObject(json)) return data;
  for (const [url, entry] of Object.entries(json as RegionDataJson)) {
    if (!isObject(entry)) continue;
    if (!entry.ok || !('refs' in entry) || !entry.refs) {
      data[url] = entry as RegionData[string];
      continue;
    }
    if (!result || !isObject(entry.body)) continue;
    const body: Record<string, unknown> = { ...entry.body };
    let whole = true;
    for (const key of Object.values(KINDS)) {
      const items = body[key];
      if (!Array.isArray(items)) continue;
      body[key] = items.map((it) => {
        const v = resolve(it, result);
        if (v === undefined) whole = false;
        return v;
      });
    }
    if (whole) data[url] = { ok: true, body };
  }
  return data;
}
