/**
 * The listing search: every search value as a filter, facet counts for every filter given the
 * others, stats, every sort order and paging.
 *
 * One scan per filter set: each selected filter marks, in one branch-free loop over its column, the
 * rows it rejects; a row rejected by no filter matches, a row rejected by exactly one is a near miss
 * of that filter. A facet counts the matches plus its own filter's near misses (so it ignores its
 * own selection; features and vehicle history, where every selected option must hold, count the
 * matches only: what adding the option finds), and the matches are counted for every facet at once
 * through the count groups of facets.ts (one histogram pass per group).
 *
 * designed: market extension (marketExtension=include) widens the radius: a dealer in a
 * neighbouring market (catalogue `ownerParent`) beyond the radius is kept when its parent store is
 * within it; without the value such a dealer counts like any other by its own distance. Vehicle
 * exchange (vehicleExchange=true) keeps the listings of dealers in a vehicle exchange program.
 * The Distance facet still counts every dealer by its own distance band (a nearby-market dealer
 * the search includes counts under the radii that reach it, not under its parent's).
 */
import type { FacetOption, FilterRelaxation, Listing, Owner, SearchQuery, SearchResult, SortBy } from '@cfs/contracts';
import { LIMITS } from '@cfs/contracts';
import { resetPaging, serializeQuery } from '@cfs/search-query';
import { BadRequest } from '../util/errors';
import { type Catalogue, indexOfId, listingObject, ownerObject } from '../catalogue/generate';
import { buildFacets, MARKET_EXTENSION_OPTIONS, RADIUS_OPTIONS, type FacetTable, type RawMap } from './facets';
import { keywordTests, keywordTexts } from './keywords';
import { removableFilters, suggestedFilters, upper } from './relaxations';
import { ownerGeo, type Geo } from './owner-geo';
import { sortOrders } from './sort-orders';

export interface Engine {
  catalogue: Catalogue;
  facets: FacetTable;
  orders: Record<string, Int32Array>;
  search(q: SearchQuery, opts?: SearchOptions): SearchResult;
  match(q: SearchQuery, opts?: { ignoreRadius?: boolean }): { matches: Int32Array; count: number; distances: Float64Array | null };
  page(ids: ArrayLike<number>, distances: Float64Array | null): { listings: Listing[]; owners: Owner[] };
  /** For each filter set, how many listings the search finds with that filter alone removed, best first. */
  relaxations(q: SearchQuery): { totalResultCount: number; relaxations: FilterRelaxation[] };
}

export interface SearchOptions {
  facets?: boolean;
  stats?: boolean;
  /** The radius dropped (a count of the nationwide market). */
  ignoreRadius?: boolean;
  /** Supplemental: only the market outside the search's radius (the search's own listings are the page's already). */
  outsideRadius?: boolean;
  /** Only these rows may match (e.g. a tier). */
  restrict?: (i: number) => boolean;
  /** Answer suggested filters (includeSuggested). */
  suggested?: boolean;
}

/** One selected filter as a test over a column. */
type Test =
  | { kind: 'allowed'; col: ArrayLike<number>; allowed: Uint8Array }
  | { kind: 'range'; col: ArrayLike<number>; lo: number; hi: number }
  | { kind: 'all' | 'any'; col: ArrayLike<number>; need: number };

interface Constraint {
  id: string;
  test: Test;
}

interface Scan {
  matches: Int32Array;
  count: number;
  /**
   * designed: the market extension count: listings from neighbouring markets the search includes
   * (marketExtension=include) or would include (without it), with every other filter; 0 without a
   * ZIP and radius, and not counted without facets.
   */
  nearby: number;
  counts: Int32Array[];
  dist: Float64Array | null;
  geo: Geo | null;
}

/** A row read at random costs about as much as this many bins read in order. */
const ROW_COST = 8;

/**
 * The search engine over one catalogue. Built once: the facet table, sort orders, keyword texts,
 * owners' geography and the column buffers every scan reuses. A search reads as its steps: the
 * query's constraints (`constraints`, with `vehicle` for make, model and trim), the scan
 * (`scan`: `markRejected`, `partition`, `matchCounts`, `addNearMisses`), remembered by `run`, then
 * `sortAndPage`, `page`, and the answer's `filtersOf` and `statsOf`.
 */
export function createEngine(c: Catalogue): Engine {
  const n = c.size;
  const facets = buildFacets(c);
  const { orders, ranks, descOrders, descRanks } = sortOrders(c);
  const keywordTextOf = keywordTexts(c);
  const geoOf = ownerGeo(c);
  const F = facets.facets;
  const parts = facets.parts;
  const ownerListings: number[][] = c.owners.map(() => []);
  for (let i = 0; i < n; i++) ownerListings[c.owner[i]].push(i);
  const mark = new Uint8Array(n);
  // Per row while scanning: FAIL times the number of filters it fails plus the sum of their
  // indexes (so a row failing exactly one names it), HARD when the request context excludes it.
  const acc = new Int32Array(n);
  const hitsBuf = new Int32Array(n);
  const others = new Int32Array(n);
  const G = facets.groups.length;
  const P = parts.length;
  const binHist = new Int32Array(facets.fullBins.length);
  const rawFlat = new Int32Array(facets.rawOff[P]);
  // Spreading the group histograms over their parts reads every bin once per member.
  const expandCost = facets.groups.reduce((sum, g) => sum + g.bins * g.members.length, 0) / ROW_COST;
  const partHist = parts.map((p) => new Int32Array(p.map.size));
  // Hot loops read every column as an Int32Array: one element type keeps them monomorphic.
  const wide = new Map<ArrayLike<number>, Int32Array>();
  const i32 = (col: ArrayLike<number>): Int32Array => {
    if (col instanceof Int32Array) return col;
    let w = wide.get(col);
    if (!w) wide.set(col, (w = Int32Array.from(col)));
    return w;
  };
  const colMax = new Map<Int32Array, number>();
  const maxOf = (col: Int32Array): number => {
    let max = colMax.get(col);
    if (max === undefined) {
      max = 0;
      for (let i = 0; i < n; i++) if (col[i] > max) max = col[i];
      colMax.set(col, max);
    }
    return max;
  };
  const ownerCol = i32(c.owner);
  const modelTrimOf = i32(facets.modelTrimOf);
  // Each part's raw value per (model, trim) pair: the vehicle filter's near misses count by pair.
  const pairs = facets.pairModel.length;
  const pairRep = new Int32Array(pairs).fill(-1);
  for (let i = 0; i < n; i++) if (pairRep[modelTrimOf[i]] < 0) pairRep[modelTrimOf[i]] = i;
  const rawOfPair = parts.map((p) => Int32Array.from(pairRep, (i) => (i < 0 ? 0 : p.col[i])));
  // Per filter id: the facets its near misses count for (a narrowing facet counts only matches).
  const facetsOf = new Map<string, number[]>();
  F.forEach((f, fi) => {
    if (f.narrows) return;
    const list = facetsOf.get(f.constraint) ?? [];
    list.push(fi);
    facetsOf.set(f.constraint, list);
  });
  // Near misses are counted while the rows are sorted, by one column per filter: the (model, trim)
  // pair for the vehicle, the owner for the radius, else the one part of the filter's one facet.
  for (const [id, fis] of facetsOf) {
    if (id !== 'vehicle' && (fis.length > 1 || facets.partsOf[fis[0]].length > 1))
      throw new Error(`filter ${id}: its near misses must count by one column`);
  }
  const zeros = new Int32Array(n);
  // Rows by value of a filtered column (built on first use): a selective filter clears or marks
  // only the rows of its values instead of passing over the whole column.
  const byValue = new Map<Int32Array, { start: Int32Array; rows: Int32Array }>();
  function rowsByValue(col: Int32Array) {
    let r = byValue.get(col);
    if (!r) {
      const size = maxOf(col) + 1;
      const start = new Int32Array(size + 1);
      for (let i = 0; i < n; i++) start[col[i] + 1]++;
      for (let v = 0; v < size; v++) start[v + 1] += start[v];
      const at = start.slice(0, size);
      const rows = new Int32Array(n);
      for (let i = 0; i < n; i++) rows[at[col[i]]++] = i;
      byValue.set(col, (r = { start, rows }));
    }
    return r;
  }
  /** A range or bit test over a column of few values, as the values it keeps. */
  function asValues(t: Test): Test {
    if (t.kind === 'allowed') return t;
    const col = i32(t.col);
    const max = maxOf(col);
    if (max >= 65536) return t;
    const allowed = new Uint8Array(max + 1);
    for (let v = 0; v <= max; v++) {
      const ok = t.kind === 'range' ? v >= t.lo && v <= t.hi : t.kind === 'all' ? (v & t.need) === t.need : (v & t.need) !== 0;
      allowed[v] = ok ? 1 : 0;
    }
    return { kind: 'allowed', col, allowed };
  }

  const rawMax = new Map<string, number>();
  const seriesOptions = facets.byKey.get('seriesCode')!.options;
  const trimOptions = facets.byKey.get('trimCode')!.options;

  /** Raw values of a facet whose option is selected. */
  function allowedRaw(key: string, values: string[]): Uint8Array {
    const f = facets.byKey.get(key)!;
    const want = upper(values);
    const selected = f.options.map((o) => want.has(o.code.toUpperCase()));
    let max = rawMax.get(key);
    if (max === undefined) {
      max = 0;
      for (let i = 0; i < f.raw.length; i++) if (f.raw[i] > max) max = f.raw[i];
      rawMax.set(key, max);
    }
    const allowed = new Uint8Array(max + 1);
    const probe = new Int32Array(f.options.length);
    for (let r = 0; r <= max; r++) {
      probe.fill(0);
      f.add(probe, r, 1);
      for (let k = 0; k < probe.length; k++) if (probe[k] && selected[k]) allowed[r] = 1;
    }
    return allowed;
  }

  function maskOf(key: string, values: string[]): number {
    const f = facets.byKey.get(key)!;
    const want = upper(values);
    let need = 0;
    let unknown = false;
    for (const v of want) {
      const k = f.options.findIndex((o) => o.code.toUpperCase() === v);
      if (k < 0) unknown = true;
      else need |= 1 << k;
    }
    // A value no listing can have matches nothing.
    return unknown ? -1 : need;
  }

  /**
   * Make, model, series and trim are one filter over the (model, trim) pairs: a make with no
   * selected model or series of its own keeps all its models (model per make); a model with no
   * selected trim of its own keeps all its trims (trim per model).
   */
  function vehicle(q: SearchQuery) {
    const makes = upper(q.makeCode);
    const models = upper(q.modelCode);
    const series = upper(q.seriesCode);
    const trims = upper(q.trimCode);
    if (!makes.size && !models.size && !series.size && !trims.size) return null;
    const modelPicked = c.models.map((m) => models.has(m.code) || (m.series > 0 && series.has(seriesOptions[m.series - 1].code)));
    if (!makes.size) c.models.forEach((m, mi) => modelPicked[mi] && makes.add(m.makeCode));
    const makeNarrowed = new Set(c.models.filter((_, mi) => modelPicked[mi]).map((m) => m.makeCode));
    const pairs = facets.pairModel.length;
    const makeOk = new Uint8Array(pairs);
    const modelOk = new Uint8Array(pairs);
    const pairOk = new Uint8Array(pairs);
    const modelHasTrim = c.models.map(() => false);
    for (let p = 0; p < pairs; p++) {
      if (trims.has(trimOptions[facets.pairTrimCode[p]].code)) modelHasTrim[facets.pairModel[p]] = true;
    }
    for (let p = 0; p < pairs; p++) {
      const mi = facets.pairModel[p];
      const m = c.models[mi];
      const mk = !makes.size || makes.has(m.makeCode);
      const md = mk && (!makeNarrowed.has(m.makeCode) || modelPicked[mi]);
      makeOk[p] = mk ? 1 : 0;
      modelOk[p] = md ? 1 : 0;
      pairOk[p] = md && (!modelHasTrim[mi] || trims.has(trimOptions[facets.pairTrimCode[p]].code)) ? 1 : 0;
    }
    // Values no listing has (an unknown model, a trim of no selected model) match nothing.
    const known = (models.size === 0 || c.models.some((m) => models.has(m.code))) && (series.size === 0 || modelPicked.some(Boolean));
    const trimsUsed = trims.size === 0 || c.models.some((_, mi) => modelHasTrim[mi] && modelOk[facets.pairModel.indexOf(mi)]);
    if (!known || !trimsUsed) pairOk.fill(0);
    return { pairOk, modelOk, makeOk };
  }

  const radiusMode = (o: { ignoreRadius?: boolean; outsideRadius?: boolean }) =>
    o.outsideRadius ? ('outside' as const) : o.ignoreRadius ? ('ignore' as const) : ('within' as const);

  function constraints(q: SearchQuery, dist: Float64Array | null, radius: 'within' | 'ignore' | 'outside') {
    const out: Constraint[] = [];
    const v = vehicle(q);
    if (v) out.push({ id: 'vehicle', test: { kind: 'allowed', col: facets.modelTrimOf, allowed: v.pairOk } });
    for (const f of F) {
      if (f.constraint !== f.key) continue;
      const values = (q as Record<string, unknown>)[f.key];
      if (!Array.isArray(values) || !values.length) continue;
      if (f.key === 'featureCode' || f.key === 'vehicleHistoryType' || f.key === 'homeServices') {
        const need = maskOf(f.key, values);
        const all = f.key !== 'homeServices';
        out.push({
          id: f.key,
          test: need < 0 ? { kind: 'range', col: f.raw, lo: 1, hi: 0 } : { kind: all ? 'all' : 'any', col: f.raw, need },
        });
      } else {
        out.push({ id: f.key, test: { kind: 'allowed', col: f.raw, allowed: allowedRaw(f.key, values) } });
      }
    }
    if (q.moneyBackGuarantee === 'true') out.push({ id: 'moneyBackGuarantee', test: { kind: 'range', col: c.moneyBack, lo: 1, hi: 1 } });
    if (q.vehicleExchange === 'true') out.push({ id: 'vehicleExchange', test: { kind: 'range', col: facets.exchangeOf, lo: 1, hi: 1 } });
    if (q.minPrice !== undefined || q.maxPrice !== undefined) {
      out.push({ id: 'price', test: { kind: 'range', col: c.price, lo: q.minPrice ?? -Infinity, hi: q.maxPrice || Infinity } });
    }
    if (q.startYear || q.endYear) {
      out.push({ id: 'yearRange', test: { kind: 'range', col: c.year, lo: q.startYear ?? 0, hi: q.endYear || Infinity } });
    }
    if (q.mileage !== undefined) out.push({ id: 'mileage', test: { kind: 'range', col: c.mileage, lo: -Infinity, hi: q.mileage } });
    if (q.mpgRange) {
      const m = /^(\d+)-(\d*)$/.exec(q.mpgRange);
      if (!m) throw new BadRequest(`mpgRange must look like 30-39 or 50-`);
      out.push({ id: 'mpgRange', test: { kind: 'range', col: c.mpgHwy, lo: Number(m[1]), hi: m[2] ? Number(m[2]) : Infinity } });
    }
    if (q.electricMileRange)
      out.push({ id: 'electricMileRange', test: { kind: 'range', col: c.evRange, lo: q.electricMileRange, hi: Infinity } });
    if (radius !== 'ignore' && dist && q.searchRadius) {
      const allowed = new Uint8Array(c.owners.length);
      const outside = radius === 'outside';
      // With market extension the market outside the radius leaves out the dealers it includes.
      const nearby = q.marketExtension === 'include' ? nearbyMarket(dist, q.searchRadius) : null;
      for (let o = 0; o < allowed.length; o++) {
        const inMarket = dist[o] <= q.searchRadius || (nearby !== null && nearby[o] === 1);
        allowed[o] = inMarket !== outside ? 1 : 0;
      }
      out.push({ id: 'searchRadius', test: { kind: 'allowed', col: c.owner, allowed } });
    }
    return { list: out, vehicle: v };
  }

  /** designed: per owner, 1 for a dealer beyond the radius whose parent store (a neighbouring market's) is within it. */
  function nearbyMarket(dist: Float64Array, radius: number): Uint8Array {
    const parent = c.ownerParent;
    const out = new Uint8Array(parent.length);
    for (let o = 0; o < out.length; o++) out[o] = dist[o] > radius && parent[o] >= 0 && dist[parent[o]] <= radius ? 1 : 0;
    return out;
  }

  /** Request-context filters every count honours: excluded ids, a showcase owner, the experience, keywords. */
  function baseFilter(q: SearchQuery, restrict?: (i: number) => boolean): ((i: number) => boolean) | null {
    const excluded = new Set((q.excludedListingId ?? []).map((id) => indexOfId(c, id)));
    const owner = q.showcaseOwnerId ? (c.ownerIndex.get(q.showcaseOwnerId) ?? -2) : -1;
    const words = q.keywordPhrases ? keywordTests(q.keywordPhrases) : [];
    const text = words.length ? keywordTextOf() : null;
    const commercial = q.experience === 'commercial';
    const bestDeals = q.experience === 'best-deals';
    const buyOnline = q.experience === 'buy-online' || q.experience === 'hyundai-buy-online';
    if (!excluded.size && owner === -1 && !text && !commercial && !bestDeals && !buyOnline && !restrict) return null;
    return (i) => {
      if (restrict && !restrict(i)) return false;
      if (excluded.size && excluded.has(i)) return false;
      if (owner !== -1 && c.owner[i] !== owner) return false;
      if (commercial && c.use[i] === 0) return false;
      if (bestDeals && c.deal[i] > 1) return false;
      if (buyOnline && (c.ownerHome[c.owner[i]] & 1) === 0) return false;
      if (text) for (const w of words) if (!text[i].includes(w)) return false;
      return true;
    };
  }

  const FAIL = 1 << 16;
  const HARD = 1 << 24;

  /** Adds the filter's FAIL + k to every row it rejects: one branch-free pass over its column. */
  function reject(k: number, t: Test) {
    const inc = FAIL + k;
    const col = i32(t.col);
    if (t.kind === 'allowed') {
      const allowed = t.allowed;
      const table = new Int32Array(Math.max(allowed.length, maxOf(col) + 1)).fill(inc);
      for (let v = 0; v < allowed.length; v++) if (allowed[v] === 1) table[v] = 0;
      for (let i = 0; i < n; i++) acc[i] += table[col[i]];
    } else if (t.kind === 'range') {
      // Every column holds whole numbers well inside ±2^30: v is outside [lo, hi] exactly when
      // v - lo, read unsigned, exceeds hi - lo (always, when hi < lo).
      const lo = Math.max(-(2 ** 30), Math.ceil(t.lo));
      const hi = Math.min(2 ** 30, Math.floor(t.hi));
      const span = hi - lo;
      for (let i = 0; i < n; i++) acc[i] += (col[i] - lo) >>> 0 > span ? inc : 0;
    } else {
      const need = t.need;
      if (t.kind === 'all') for (let i = 0; i < n; i++) acc[i] += (col[i] & need) !== need ? inc : 0;
      else for (let i = 0; i < n; i++) acc[i] += (col[i] & need) === 0 ? inc : 0;
    }
  }

  /** Adds raw value counts to the option counts through the part's option lists. */
  function apply(map: RawMap, rh: Int32Array, out: Int32Array) {
    const start = map.start;
    const opts = map.opts;
    for (let r = 0; r < map.size; r++) {
      const t = rh[r];
      if (t !== 0) for (let j = start[r], e = start[r + 1]; j < e; j++) out[opts[j]] += t;
    }
  }

  /**
   * Matches and facet counts depend only on the filters, not on sort or paging: the last few
   * filter sets are kept, so paging, re-sorting and repeated searches skip the scan.
   */
  const cache = new Map<string, Scan>();
  const CACHE_SIZE = 256;

  function run(q: SearchQuery, opts: SearchOptions = {}): Scan {
    if (opts.restrict) return scan(q, opts);
    const { sortBy: _s, firstRecord: _f, numRecords: _n, ...filters } = q;
    const key = JSON.stringify([filters, radiusMode(opts), opts.facets !== false]);
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

  /** Per filter: the column its near misses are counted by, and where its counts start in `hist`. */
  interface NearMisses {
    cols: Int32Array[];
    off: Int32Array;
    hist: Int32Array;
  }

  function nearMissesOf(list: Constraint[], withFacets: boolean): NearMisses {
    const K = list.length;
    const cols: Int32Array[] = [];
    const off = new Int32Array(K + 1);
    for (let k = 0; k < K; k++) {
      const id = list[k].id;
      const fis = facetsOf.get(id);
      const col = id === 'vehicle' ? modelTrimOf : id === 'searchRadius' ? ownerCol : fis ? parts[facets.partsOf[fis[0]][0]].col : zeros;
      cols.push(col);
      off[k + 1] = off[k] + (col === zeros ? 1 : col === modelTrimOf ? pairs : maxOf(col) + 1);
    }
    return { cols, off, hist: new Int32Array(withFacets ? off[K] : 0) };
  }

  /**
   * Marks in `acc` the rows each filter rejects (FAIL + k for filter k; HARD for the request-context
   * filter). The most selective value filter seeds the marks (every row rejected, its own rows
   * cleared); the others mark their rejected rows when few, else pass over their column. Each filter
   * works as row lists where it can: a value filter (or a range or bit test over a column of few
   * values, read as one) by the rows of each value. One accepting fewer than half the rows marks
   * every row up front (in the fill) and unmarks its accepted rows; any other marks its rejected
   * rows; the rest (price and mileage ranges) pass over their column.
   */
  function markRejected(list: Constraint[], base: ((i: number) => boolean) | null) {
    const K = list.length;
    const tests = list.map((con) => asValues(con.test));
    const accepted = new Int32Array(K);
    let marked = 0;
    for (let k = 0; k < K; k++) {
      const t = tests[k];
      let a = -1;
      if (t.kind === 'allowed') {
        const { start } = rowsByValue(i32(t.col));
        const allowed = t.allowed;
        a = 0;
        for (let v = 0, e = Math.min(allowed.length, start.length - 1); v < e; v++) if (allowed[v] === 1) a += start[v + 1] - start[v];
        if (a * 2 < n) marked += FAIL + k;
      }
      accepted[k] = a;
    }
    acc.fill(marked);
    for (let k = 0; k < K; k++) {
      const t = tests[k];
      if (t.kind !== 'allowed') {
        reject(k, t);
        continue;
      }
      const inc = FAIL + k;
      const unmark = accepted[k] * 2 < n;
      const { start, rows } = rowsByValue(i32(t.col));
      const allowed = t.allowed;
      for (let v = 0; v + 1 < start.length; v++) {
        const ok = v < allowed.length && allowed[v] === 1;
        if (unmark && ok) for (let j = start[v], e = start[v + 1]; j < e; j++) acc[rows[j]] -= inc;
        else if (!unmark && !ok) for (let j = start[v], e = start[v + 1]; j < e; j++) acc[rows[j]] += inc;
      }
    }
    if (base) for (let i = 0; i < n; i++) if (!base(i)) acc[i] += HARD;
  }

  /**
   * One pass over the marks: the matches into `hitsBuf`, the rest into `others`, and each near miss
   * (a row failing exactly one filter) counted by that filter's column when `near` is given.
   */
  function partition(near: NearMisses | null): { count: number; left: number } {
    let count = 0;
    let left = 0;
    if (near) {
      const { cols, off, hist } = near;
      for (let i = 0; i < n; i++) {
        const a = acc[i];
        if (a === 0) hitsBuf[count++] = i;
        else {
          others[left++] = i;
          if (a >>> 16 === 1) {
            const k = a & 0xffff;
            hist[off[k] + cols[k][i]]++;
          }
        }
      }
    } else {
      for (let i = 0; i < n; i++) {
        if (acc[i] === 0) hitsBuf[count++] = i;
        else others[left++] = i;
      }
    }
    return { count, left };
  }

  /**
   * Every facet's option counts over the matches, and the matches by the owner's distance band
   * when a ZIP is searched: every part row by row when the matches are few, else the group
   * histograms (over the matches, or over the rows left out subtracted from the full ones) spread
   * over their parts.
   */
  function matchCounts(hits: Int32Array, left: number, geo: Geo | null): { counts: Int32Array[]; bandCounts: Int32Array } {
    const count = hits.length;
    const counts: Int32Array[] = [];
    for (const f of F) counts.push(new Int32Array(Math.max(f.options.length, 1)));
    const bandCounts = new Int32Array(RADIUS_OPTIONS.length);
    const rowRaws = facets.rowRaws;
    rawFlat.fill(0);
    if (count * P <= Math.min(count, left) * G + expandCost) {
      for (let k = 0; k < count; k++) {
        const base = hits[k] * P;
        for (let p = 0; p < P; p++) rawFlat[rowRaws[base + p]]++;
      }
      if (geo) {
        const band = geo.band;
        for (let k = 0; k < count; k++) bandCounts[band[ownerCol[hits[k]]]]++;
      }
    } else {
      const rowBins = facets.rowBins;
      if (count <= left) {
        binHist.fill(0);
        for (let k = 0; k < count; k++) {
          const base = hits[k] * G;
          for (let g = 0; g < G; g++) binHist[rowBins[base + g]]++;
        }
      } else {
        binHist.set(facets.fullBins);
        for (let k = 0; k < left; k++) {
          const base = others[k] * G;
          for (let g = 0; g < G; g++) binHist[rowBins[base + g]]--;
        }
      }
      for (let g = 0; g < G; g++) {
        const off = facets.binOff[g];
        const bins = facets.groups[g].bins;
        for (const rawOfBin of facets.flatRawOfBin[g]) for (let b = 0; b < bins; b++) rawFlat[rawOfBin[b]] += binHist[off + b];
      }
      if (geo) {
        const band = geo.band;
        const off = facets.binOff[facets.ownerGroup];
        for (let o = 0; o < band.length; o++) bandCounts[band[o]] += binHist[off + o];
      }
    }
    for (let p = 0; p < P; p++) apply(parts[p].map, rawFlat.subarray(facets.rawOff[p], facets.rawOff[p + 1]), counts[parts[p].facet]);
    return { counts, bandCounts };
  }

  /**
   * Each filter's near misses counted for its own facets (a facet counts what its own selection
   * would add); the vehicle filter's by (model, trim) pair, trim counts keeping the make and model
   * selection and series counts the make's.
   */
  function addNearMisses(
    list: Constraint[],
    near: NearMisses,
    v: ReturnType<typeof vehicle>,
    geo: Geo | null,
    counts: Int32Array[],
    bandCounts: Int32Array,
  ) {
    for (let k = 0; k < list.length; k++) {
      const id = list[k].id;
      const off = near.off[k];
      if (id === 'searchRadius') {
        const band = geo!.band;
        for (let o = 0; o < band.length; o++) bandCounts[band[o]] += near.hist[off + o];
        continue;
      }
      const fis = facetsOf.get(id);
      if (!fis) continue;
      if (id === 'vehicle' && v) {
        for (const fi of fis) {
          const keep = F[fi].key === 'trimCode' ? v.modelOk : F[fi].key === 'seriesCode' ? v.makeOk : null;
          for (const pi of facets.partsOf[fi]) {
            const rh = partHist[pi];
            const rop = rawOfPair[pi];
            rh.fill(0);
            for (let p = 0; p < pairs; p++) if (keep === null || keep[p] === 1) rh[rop[p]] += near.hist[off + p];
            apply(parts[pi].map, rh, counts[fi]);
          }
        }
        continue;
      }
      const pi = facets.partsOf[fis[0]][0];
      apply(parts[pi].map, near.hist.subarray(off, near.off[k + 1]), counts[fis[0]]);
    }
  }

  /**
   * A search's matches and, unless `facets: false`, every facet's counts: each selected filter
   * marks the rows it rejects (markRejected); one pass sorts the rows into matches and the rest,
   * counting each near miss by its filter's column (partition); every facet counts the matches
   * (matchCounts), and each filter's near misses count for its own facets (addNearMisses).
   */
  function scan(q: SearchQuery, opts: SearchOptions = {}): Scan {
    const geo = geoOf(q.zip);
    const dist = geo ? geo.dist : null;
    const { list, vehicle: v } = constraints(q, dist, radiusMode(opts));
    const base = baseFilter(q, opts.restrict);
    const withFacets = opts.facets !== false;
    const near = nearMissesOf(list, withFacets);
    let count = n;
    let left = 0;
    if (list.length || base) {
      markRejected(list, base);
      ({ count, left } = partition(withFacets && list.length ? near : null));
    } else for (let i = 0; i < n; i++) hitsBuf[i] = i;
    const hits = hitsBuf.slice(0, count);
    let nearby = 0;
    const radiusAt = list.findIndex((con) => con.id === 'searchRadius');
    if (withFacets && dist && radiusAt >= 0 && radiusMode(opts) === 'within') {
      // Included: the matches of those dealers; else their near misses of the radius alone.
      const from = nearbyMarket(dist, q.searchRadius!);
      if (q.marketExtension === 'include') for (let k = 0; k < count; k++) nearby += from[ownerCol[hits[k]]];
      else for (let o = 0; o < from.length; o++) if (from[o] === 1) nearby += near.hist[near.off[radiusAt] + o];
    }
    const counts: Int32Array[] = [];
    if (withFacets) {
      const matched = matchCounts(hits, left, geo);
      counts.push(...matched.counts);
      addNearMisses(list, near, v, geo, counts, matched.bandCounts);
      if (geo) {
        const bandCounts = matched.bandCounts;
        for (let k = 1; k < bandCounts.length; k++) bandCounts[k] += bandCounts[k - 1];
        counts.push(bandCounts);
      }
    }
    return { matches: hits, count, counts, dist, geo, nearby };
  }

  function sortAndPage(q: SearchQuery, matches: Int32Array, geo: Geo | null, first: number, num: number): number[] {
    const sort: SortBy = (q.sortBy as SortBy) ?? 'relevance';
    const want = first + num;
    const out: number[] = [];
    const m = matches.length;
    if (sort === 'distanceASC' && geo) {
      const byOwner = geo.byOwner;
      for (let k = 0; k < m; k++) mark[matches[k]] = 1;
      for (let j = 0; j < byOwner.length && out.length < want; j++) {
        const rows = ownerListings[byOwner[j]];
        for (let k = 0; k < rows.length; k++) if (mark[rows[k]]) out.push(rows[k]);
      }
      for (let k = 0; k < m; k++) mark[matches[k]] = 0;
      return out.slice(first, want);
    }
    const parsed = /^(relevance|derivedprice|datelisted|mileage|year)(ASC|DESC)?$/.exec(sort === 'distanceASC' ? 'relevance' : sort);
    const name = parsed![1];
    const desc = parsed![2] === 'DESC';
    if (m * 8 < n) {
      // Small sets: by key (descending keeps ties by row), through the rows' positions.
      const rank = desc ? descRanks[name] : ranks[name];
      const order = desc ? descOrders[name] : orders[name];
      const pos = new Int32Array(m);
      for (let k = 0; k < m; k++) pos[k] = rank[matches[k]];
      pos.sort();
      for (let k = first, end = Math.min(want, m); k < end; k++) out.push(order[pos[k]]);
      return out;
    }
    // Walk the precomputed order, keeping the matching rows, until the page is filled.
    const order = orders[name];
    for (let k = 0; k < m; k++) mark[matches[k]] = 1;
    if (desc) {
      for (let k = order.length - 1; k >= 0 && out.length < want; k--) if (mark[order[k]]) out.push(order[k]);
    } else {
      for (let k = 0; k < order.length && out.length < want; k++) if (mark[order[k]]) out.push(order[k]);
    }
    for (let k = 0; k < m; k++) mark[matches[k]] = 0;
    return out.slice(first, want);
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

  /** Labels of selected codes, from the facet options (the code itself when unknown). */
  function labelsOf(key: string, values: string[]): string[] {
    const f = facets.byKey.get(key);
    return values.map((v) => f?.options.find((o) => o.code.toUpperCase() === v.toUpperCase())?.label ?? v);
  }

  function relaxations(q: SearchQuery) {
    const total = run(q, { facets: false }).count;
    const list: FilterRelaxation[] = removableFilters(q, F, labelsOf).map((r) => {
      const relaxed: SearchQuery = { ...resetPaging(q) };
      for (const k of r.remove) delete relaxed[k];
      return { ...r, count: run(relaxed, { facets: false }).count, search: serializeQuery(relaxed) };
    });
    list.sort((a, b) => b.count - a.count);
    return { totalResultCount: total, relaxations: list };
  }

  /** The facets' options with their counts, the radius's when a ZIP is searched, and market extension's. */
  function filtersOf(r: Scan): Record<string, { options: FacetOption[] }> {
    const filters: Record<string, { options: FacetOption[] }> = {};
    F.forEach((f, fi) => {
      filters[f.key] = { options: f.options.map((o, k) => ({ value: o.code, label: o.label, count: r.counts[fi][k] })) };
    });
    if (r.counts.length > F.length) {
      const radius = r.counts[F.length];
      filters.searchRadius = { options: RADIUS_OPTIONS.map((o, k) => ({ value: o.code, label: o.label, count: radius[k] })) };
    }
    filters.marketExtension = { options: MARKET_EXTENSION_OPTIONS.map((o) => ({ value: o.code, label: o.label, count: r.nearby })) };
    return filters;
  }

  /** The matches' year range and price range and average (none when nothing matches). */
  function statsOf(r: Scan): NonNullable<SearchResult['stats']> {
    if (!r.count) return {};
    let ymin = Infinity,
      ymax = -Infinity,
      pmin = Infinity,
      pmax = -Infinity,
      psum = 0;
    const ms = r.matches;
    for (let k = 0; k < ms.length; k++) {
      const i = ms[k];
      const y = c.year[i],
        p = c.price[i];
      if (y < ymin) ymin = y;
      if (y > ymax) ymax = y;
      if (p < pmin) pmin = p;
      if (p > pmax) pmax = p;
      psum += p;
    }
    return { year: { min: ymin, max: ymax }, derivedprice: { min: pmin, max: pmax, avg: Math.round(psum / r.count) } };
  }

  return {
    catalogue: c,
    facets,
    orders,
    page,
    relaxations,
    match(q, opts = {}) {
      const r = run(q, { facets: false, ignoreRadius: opts.ignoreRadius });
      return { matches: r.matches, count: r.count, distances: r.dist };
    },
    search(q, opts = {}) {
      const first = q.firstRecord ?? 0;
      const num = Math.min(q.numRecords ?? 25, LIMITS.supplementalPageSize);
      const wantFacets = opts.facets !== false || !!opts.suggested;
      const r = run(q, { ...opts, facets: wantFacets });
      const ids = sortAndPage(q, r.matches, r.geo, first, num);
      const result: SearchResult = { ...page(ids, r.dist), totalResultCount: r.count };
      if (wantFacets) {
        const filters = filtersOf(r);
        if (opts.suggested) result.suggestedFilters = suggestedFilters(q, filters, r.count);
        if (opts.facets !== false) result.filters = filters;
      }
      if (opts.stats) result.stats = statsOf(r);
      return result;
    },
  };
}
