// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module cannot be imported; other programs (gateway, e2e) compile this file too
/// <reference path="../types/zipcodes.d.ts" />
/**
 * The listing search: every search value as a filter, facet counts for every filter given the
 * others (one pass over the columns), stats, every sort order and paging.
 */
import zipcodes from 'zipcodes';
import type { FacetOption, Listing, Owner, SearchQuery, SearchResult, SortBy } from '@cfs/contracts';
import { LIMITS } from '@cfs/contracts';
import { haversineMiles } from '../util/geo';
import { BadRequest } from '../util/errors';
import { type Catalogue, indexOfId, listingObject, ownerObject } from '../catalogue/generate';
import { EXTERIOR_COLORS } from '../catalogue/tables';
import { buildFacets, type Facet, type FacetTable } from './facets';

export interface Engine {
  catalogue: Catalogue;
  facets: FacetTable;
  orders: Record<string, Int32Array>;
  search(q: SearchQuery, opts?: SearchOptions): SearchResult;
  match(q: SearchQuery, opts?: { ignoreRadius?: boolean }): { matches: Int32Array; count: number; distances: Float64Array | null };
  page(ids: ArrayLike<number>, distances: Float64Array | null): { listings: Listing[]; owners: Owner[] };
}

export interface SearchOptions {
  facets?: boolean;
  stats?: boolean;
  /** Supplemental: the wider market (radius dropped). */
  ignoreRadius?: boolean;
  /** Only these rows may match (e.g. a tier). */
  restrict?: (i: number) => boolean;
}

interface ActiveFacet {
  facet: Facet;
  index: number;
  allowed: Uint8Array | null;
  need: number;
}

function orderBy(c: Catalogue, key: (i: number) => number): Int32Array {
  const idx = new Int32Array(c.size);
  for (let i = 0; i < c.size; i++) idx[i] = i;
  const keys = new Float64Array(c.size);
  for (let i = 0; i < c.size; i++) keys[i] = key(i);
  return idx.sort((a, b) => keys[a] - keys[b] || a - b);
}

export function createEngine(c: Catalogue): Engine {
  const facets = buildFacets(c);
  const orders: Record<string, Int32Array> = {
    relevance: orderBy(c, (i) => -c.relevance[i]),
    derivedprice: orderBy(c, (i) => c.price[i]),
    datelisted: orderBy(c, (i) => -c.daysListed[i]),
    mileage: orderBy(c, (i) => c.mileage[i]),
    year: orderBy(c, (i) => c.year[i]),
  };
  const ownerListings: number[][] = c.owners.map(() => []);
  for (let i = 0; i < c.size; i++) ownerListings[c.owner[i]].push(i);
  const mark = new Uint8Array(c.size);

  function ownerDistances(zip: string | undefined): Float64Array | null {
    if (!zip) return null;
    const z = zipcodes.lookup(zip);
    if (!z) throw new BadRequest(`zip ${zip} is not a known US ZIP code`);
    const d = new Float64Array(c.owners.length);
    for (let o = 0; o < d.length; o++) d[o] = haversineMiles(z.latitude, z.longitude, c.ownerLat[o], c.ownerLon[o]);
    return d;
  }

  function activeFacets(q: SearchQuery): ActiveFacet[] {
    const out: ActiveFacet[] = [];
    facets.facets.forEach((facet, index) => {
      const values = (q as Record<string, unknown>)[facet.key] as string[] | undefined;
      if (!values?.length) return;
      const optionIdx = values.map((v) => facet.options.findIndex((o) => o.code.toUpperCase() === v.toUpperCase()));
      if (facet.kind === 'mask') {
        let need = 0;
        for (const k of optionIdx) if (k >= 0) need |= 1 << k;
        out.push({ facet, index, allowed: null, need });
        return;
      }
      const size = facet.map ? facet.map.length : facet.options.length;
      const allowed = new Uint8Array(Math.max(size, 256));
      for (let raw = 0; raw < size; raw++) {
        const opt = facet.map ? facet.map[raw] : raw;
        if (opt >= 0 && optionIdx.includes(opt)) allowed[raw] = 1;
      }
      out.push({ facet, index, allowed, need: 0 });
    });
    return out;
  }

  function passes(a: ActiveFacet, i: number): boolean {
    const v = a.facet.column[i];
    if (a.allowed) return a.allowed[v] === 1;
    return a.facet.all ? (v & a.need) === a.need : (v & a.need) !== 0;
  }

  function hardFilter(q: SearchQuery, dist: Float64Array | null, ignoreRadius: boolean) {
    const minPrice = q.minPrice ?? -1;
    const maxPrice = q.maxPrice ?? Infinity;
    const startYear = q.startYear ?? 0;
    const endYear = q.endYear || Infinity;
    const maxMileage = q.mileage ?? Infinity;
    const radius = !ignoreRadius && dist && q.searchRadius ? q.searchRadius : 0;
    const minEv = q.electricMileRange ?? 0;
    let mpgLo = 0;
    let mpgHi = Infinity;
    if (q.mpgRange) {
      const m = /^(\d+)-(\d*)$/.exec(q.mpgRange);
      if (!m) throw new BadRequest(`mpgRange must look like 30-39 or 50-`);
      mpgLo = Number(m[1]);
      mpgHi = m[2] ? Number(m[2]) : Infinity;
    }
    const excluded = new Set((q.excludedListingId ?? []).map((id) => indexOfId(c, id)));
    const owner = q.showcaseOwnerId ? (c.ownerIndex.get(q.showcaseOwnerId) ?? -2) : -1;
    const words = (q.keywordPhrases ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const commercial = q.experience === 'commercial';
    const bestDeals = q.experience === 'best-deals';
    const buyOnline = q.experience === 'buy-online' || q.experience === 'hyundai-buy-online';
    return (i: number): boolean => {
      const p = c.price[i];
      if (p < minPrice || p > maxPrice) return false;
      const y = c.year[i];
      if (y < startYear || y > endYear) return false;
      if (c.mileage[i] > maxMileage) return false;
      if (radius && dist![c.owner[i]] > radius) return false;
      if (minEv && c.evRange[i] < minEv) return false;
      if (q.mpgRange && (c.mpgHwy[i] < mpgLo || c.mpgHwy[i] > mpgHi)) return false;
      if (excluded.size && excluded.has(i)) return false;
      if (owner !== -1 && c.owner[i] !== owner) return false;
      if (commercial && c.vehicleType[i] === 0 && c.models[c.model[i]].subtype !== 'CARGO_VAN') return false;
      if (bestDeals && c.deal[i] > 1) return false;
      if (buyOnline && (c.ownerHome[c.owner[i]] & 1) === 0) return false;
      if (words.length) {
        const mo = c.models[c.model[i]];
        const text = `${mo.makeName} ${mo.name} ${mo.trims[c.trim[i]]} ${EXTERIOR_COLORS[c.ext[i]].label}`.toLowerCase();
        for (const w of words) if (!text.includes(w)) return false;
      }
      return true;
    };
  }

  /**
   * Matches and facet counts depend only on the filters, not on sort or paging: the last few
   * filter sets are kept, so paging, re-sorting and repeated searches skip the scan.
   */
  const cache = new Map<string, ReturnType<typeof scan>>();
  const CACHE_SIZE = 256;

  function run(q: SearchQuery, opts: SearchOptions = {}) {
    if (opts.restrict) return scan(q, opts);
    const { sortBy: _s, firstRecord: _f, numRecords: _n, ...filters } = q;
    const key = JSON.stringify([filters, !!opts.ignoreRadius, opts.facets !== false]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const r = scan(q, opts);
    cache.set(key, r);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return r;
  }

  function scan(q: SearchQuery, opts: SearchOptions = {}) {
    const dist = ownerDistances(q.zip);
    const hard = hardFilter(q, dist, !!opts.ignoreRadius);
    const active = activeFacets(q);
    const withFacets = opts.facets !== false;
    const matches = new Int32Array(c.size);
    // Rows that fail exactly one selected facet count towards that facet only.
    const near = active.map(() => [] as number[]);
    let count = 0;
    for (let i = 0; i < c.size; i++) {
      if (opts.restrict && !opts.restrict(i)) continue;
      if (!hard(i)) continue;
      let failed = -1;
      let fails = 0;
      for (let a = 0; a < active.length; a++) {
        if (!passes(active[a], i)) {
          fails++;
          failed = a;
          if (fails > 1) break;
        }
      }
      if (fails === 0) matches[count++] = i;
      else if (fails === 1 && withFacets) near[failed].push(i);
    }
    const hits = matches.subarray(0, count);
    const counts: Int32Array[] = [];
    if (withFacets) {
      facets.facets.forEach((f, fi) => {
        const out = new Int32Array(Math.max(f.options.length, 1));
        const a = active.findIndex((x) => x.index === fi);
        countRows(f, hits, out);
        if (a >= 0) countRows(f, near[a], out);
        counts.push(out);
      });
    }
    return { matches: hits, count, counts, dist };
  }

  /** Tight per-facet loops over a row list (much faster than counting every facet per row). */
  function countRows(f: Facet, rows: ArrayLike<number>, out: Int32Array) {
    const col = f.column;
    const n = rows.length;
    if (f.kind === 'mask') {
      // Histogram of the distinct masks first, then their bits: far fewer bit loops.
      const hist = new Map<number, number>();
      for (let k = 0; k < n; k++) {
        const m = col[rows[k]];
        hist.set(m, (hist.get(m) ?? 0) + 1);
      }
      for (const [mask, times] of hist) for (let b = 0, m = mask; m; b++, m >>= 1) if (m & 1) out[b] += times;
    } else if (f.map) {
      const map = f.map;
      for (let k = 0; k < n; k++) {
        const opt = map[col[rows[k]]];
        if (opt >= 0) out[opt]++;
      }
    } else {
      for (let k = 0; k < n; k++) out[col[rows[k]]]++;
    }
  }

  function sortAndPage(q: SearchQuery, matches: Int32Array, dist: Float64Array | null, first: number, num: number): number[] {
    const sort: SortBy = (q.sortBy as SortBy) ?? 'relevance';
    const want = first + num;
    const out: number[] = [];
    if (sort === 'distanceASC' && dist) {
      const byOwner = c.owners.map((_, o) => o).sort((a, b) => dist[a] - dist[b]);
      for (const i of matches) mark[i] = 1;
      for (const o of byOwner) {
        for (const i of ownerListings[o]) if (mark[i]) out.push(i);
        if (out.length >= want) break;
      }
      for (const i of matches) mark[i] = 0;
      return out.slice(first, want);
    }
    const m = /^(relevance|derivedprice|datelisted|mileage|year)(ASC|DESC)?$/.exec(sort === 'distanceASC' ? 'relevance' : sort);
    const order = orders[m![1]];
    const desc = m![2] === 'DESC';
    // Walk the precomputed order, keeping the matching rows, until the page is filled.
    if (matches.length * 8 < c.size) {
      // Small sets: sort the matches by the column directly.
      const keyed = Array.from(matches);
      const key = keyFor(m![1]);
      keyed.sort((a, b) => (desc ? key(b) - key(a) || a - b : key(a) - key(b) || a - b));
      return keyed.slice(first, want);
    }
    for (const i of matches) mark[i] = 1;
    if (desc) {
      for (let k = order.length - 1; k >= 0 && out.length < want; k--) if (mark[order[k]]) out.push(order[k]);
    } else {
      for (let k = 0; k < order.length && out.length < want; k++) if (mark[order[k]]) out.push(order[k]);
    }
    for (const i of matches) mark[i] = 0;
    return out.slice(first, want);
  }

  function keyFor(name: string): (i: number) => number {
    switch (name) {
      case 'derivedprice':
        return (i) => c.price[i];
      case 'datelisted':
        return (i) => -c.daysListed[i];
      case 'mileage':
        return (i) => c.mileage[i];
      case 'year':
        return (i) => c.year[i];
      default:
        return (i) => -c.relevance[i];
    }
  }

  function page(ids: ArrayLike<number>, dist: Float64Array | null) {
    const listings: Listing[] = [];
    const owners = new Map<number, Owner>();
    for (let k = 0; k < ids.length; k++) {
      const i = ids[k];
      listings.push(listingObject(c, i));
      const o = c.owner[i];
      if (!owners.has(o)) owners.set(o, ownerObject(c, o, dist ? dist[o] : undefined));
    }
    return { listings, owners: [...owners.values()] };
  }

  return {
    catalogue: c,
    facets,
    orders,
    page,
    match(q, opts = {}) {
      const r = run(q, { facets: false, ignoreRadius: opts.ignoreRadius });
      return { matches: r.matches, count: r.count, distances: r.dist };
    },
    search(q, opts = {}) {
      const first = q.firstRecord ?? 0;
      const num = Math.min(q.numRecords ?? 25, LIMITS.supplementalPageSize);
      const r = run(q, opts);
      const ids = sortAndPage(q, r.matches, r.dist, first, num);
      const result: SearchResult = { ...page(ids, r.dist), totalResultCount: r.count };
      if (opts.facets !== false) {
        const filters: Record<string, { options: FacetOption[] }> = {};
        facets.facets.forEach((f, fi) => {
          filters[f.key] = { options: f.options.map((o, k) => ({ value: o.code, label: o.label, count: r.counts[fi][k] })) };
        });
        result.filters = filters;
      }
      if (opts.stats) {
        let ymin = Infinity,
          ymax = -Infinity,
          pmin = Infinity,
          pmax = -Infinity,
          psum = 0;
        for (const i of r.matches) {
          const y = c.year[i],
            p = c.price[i];
          if (y < ymin) ymin = y;
          if (y > ymax) ymax = y;
          if (p < pmin) pmin = p;
          if (p > pmax) pmax = p;
          psum += p;
        }
        result.stats = r.count
          ? { year: { min: ymin, max: ymax }, derivedprice: { min: pmin, max: pmax, avg: Math.round(psum / r.count) } }
          : {};
      }
      return result;
    },
  };
}
