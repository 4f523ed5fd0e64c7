// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module cannot be imported; other programs (gateway, e2e) compile this file too
/// <reference path="../types/zipcodes.d.ts" />
/**
 * The listing search: every search value as a filter, facet counts for every filter given the
 * others, stats, every sort order and paging.
 *
 * One scan per filter set: each selected filter marks, in one tight loop over its column, the rows
 * it rejects; a row rejected by no filter matches, a row rejected by exactly one is a near miss of
 * that filter. A facet counts the matches plus its own filter's near misses (so it ignores its own
 * selection), and the matches are counted for every facet at once through the count groups of
 * facets.ts (one histogram pass per group). The same near misses answer filter relaxations.
 */
import zipcodes from 'zipcodes';
import type {
  FacetOption,
  FilterRelaxation,
  Listing,
  Owner,
  SearchKey,
  SearchQuery,
  SearchResult,
  SortBy,
  SuggestedFilter,
} from '@cfs/contracts';
import { FILTER_NAMES, LIMITS } from '@cfs/contracts';
import { NEEDS_MAKE, formatPrice, resetPaging, serializeQuery } from '@cfs/search-query';
import { haversineMiles } from '../util/geo';
import { BadRequest } from '../util/errors';
import { type Catalogue, LTYPES, indexOfId, listingObject, ownerObject } from '../catalogue/generate';
import { BODY_STYLES, DRIVE_GROUPS, EXTERIOR_COLORS, FUEL_OPTIONS } from '../catalogue/tables';
import { buildFacets, RADIUS_OPTIONS, type Adder, type FacetTable } from './facets';

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
  /** Supplemental: the wider market (radius dropped). */
  ignoreRadius?: boolean;
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
  counts: Int32Array[];
  dist: Float64Array | null;
  /** Near misses per constraint id. */
  near: Map<string, Int32Array>;
}

const RADII = RADIUS_OPTIONS.map((o) => Number(o.code)).filter((r) => r > 0);

function orderBy(c: Catalogue, key: (i: number) => number): Int32Array {
  const idx = new Int32Array(c.size);
  for (let i = 0; i < c.size; i++) idx[i] = i;
  const keys = new Float64Array(c.size);
  for (let i = 0; i < c.size; i++) keys[i] = key(i);
  return idx.sort((a, b) => keys[a] - keys[b] || a - b);
}

/** Lower case, letters and digits only ('F-150' reads 'f150'), words split by one space, padded. */
function keywordText(s: string): string {
  return ` ${s
    .toLowerCase()
    .replace(/[-.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/**
 * The keyword phrase as tests: every word must start a word of the listing's text, and a quoted
 * part ("king ranch") must appear as written, word for word.
 */
export function keywordTests(phrase: string): string[] {
  const tests: string[] = [];
  const rest = phrase.replace(/"([^"]*)"/g, (_, quoted: string) => {
    const t = keywordText(quoted).trimEnd();
    if (t.trim()) tests.push(`${t} `);
    return ' ';
  });
  for (const w of keywordText(rest).split(' ')) if (w) tests.push(` ${w}`);
  return tests;
}

export function createEngine(c: Catalogue): Engine {
  const facets = buildFacets(c);
  const F = facets.facets;
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
  const failCount = new Uint8Array(c.size);
  const failWhich = new Uint8Array(c.size);
  const groupHist = facets.groups.map((g) => new Int32Array(g.bins));
  // Hot loops read every column as an Int32Array: one element type keeps them monomorphic.
  const wide = new Map<ArrayLike<number>, Int32Array>();
  const i32 = (col: ArrayLike<number>): Int32Array => {
    if (col instanceof Int32Array) return col;
    let w = wide.get(col);
    if (!w) wide.set(col, (w = Int32Array.from(col)));
    return w;
  };
  const groupKeys = facets.groups.map((g) => i32(g.key));
  // Every group's histogram over the whole catalogue: a search matching most listings counts the
  // rows it leaves out and subtracts them.
  const fullHist = facets.groups.map((g, gi) => {
    const h = new Int32Array(g.bins);
    const key = groupKeys[gi];
    for (let i = 0; i < c.size; i++) h[key[i]]++;
    return h;
  });
  const others = new Int32Array(c.size);
  const ownerGroup = facets.groups.length - 1;
  let keywordTexts: string[] | null = null;

  function texts(): string[] {
    if (keywordTexts) return keywordTexts;
    keywordTexts = new Array<string>(c.size);
    for (let i = 0; i < c.size; i++) {
      const mo = c.models[c.model[i]];
      const cond = { NEW: 'new', USED: 'used', CERTIFIED: 'certified used', '3P_CERT': 'certified used' }[LTYPES[c.ltype[i]]];
      keywordTexts[i] = keywordText(
        [
          cond,
          c.year[i],
          mo.makeName,
          mo.name,
          mo.trims[c.trim[i]],
          c.pkg[i] ? mo.packages[c.pkg[i] - 1] : '',
          EXTERIOR_COLORS[c.ext[i]].label,
          BODY_STYLES[c.body[i]].label,
          FUEL_OPTIONS[c.fuel[i]].label,
          DRIVE_GROUPS[c.drive[i]].label,
        ].join(' '),
      );
    }
    return keywordTexts;
  }

  function ownerDistances(zip: string | undefined): Float64Array | null {
    if (!zip) return null;
    const z = zipcodes.lookup(zip);
    if (!z) throw new BadRequest(`zip ${zip} is not a known US ZIP code`);
    const d = new Float64Array(c.owners.length);
    for (let o = 0; o < d.length; o++) d[o] = haversineMiles(z.latitude, z.longitude, c.ownerLat[o], c.ownerLon[o]);
    return d;
  }

  const rawMax = new Map<string, number>();
  const seriesOptions = facets.byKey.get('seriesCode')!.options;
  const trimOptions = facets.byKey.get('trimCode')!.options;
  const upper = (values: string[] | undefined) => new Set((values ?? []).map((v) => v.toUpperCase()));

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

  function constraints(q: SearchQuery, dist: Float64Array | null, ignoreRadius: boolean) {
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
    if (!ignoreRadius && dist && q.searchRadius) {
      const allowed = new Uint8Array(c.owners.length);
      for (let o = 0; o < allowed.length; o++) allowed[o] = dist[o] <= q.searchRadius ? 1 : 0;
      out.push({ id: 'searchRadius', test: { kind: 'allowed', col: c.owner, allowed } });
    }
    return { list: out, vehicle: v };
  }

  /** Request-context filters every count honours: excluded ids, a showcase owner, the experience, keywords. */
  function baseFilter(q: SearchQuery, restrict?: (i: number) => boolean): ((i: number) => boolean) | null {
    const excluded = new Set((q.excludedListingId ?? []).map((id) => indexOfId(c, id)));
    const owner = q.showcaseOwnerId ? (c.ownerIndex.get(q.showcaseOwnerId) ?? -2) : -1;
    const words = q.keywordPhrases ? keywordTests(q.keywordPhrases) : [];
    const text = words.length ? texts() : null;
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

  function mark1(k: number, t: Test) {
    const n = c.size;
    const col = i32(t.col);
    if (t.kind === 'allowed') {
      const allowed = t.allowed;
      for (let i = 0; i < n; i++) {
        if (allowed[col[i]] !== 1) {
          failCount[i]++;
          failWhich[i] = k;
        }
      }
    } else if (t.kind === 'range') {
      const lo = t.lo;
      const hi = t.hi;
      for (let i = 0; i < n; i++) {
        const v = col[i];
        if (v < lo || v > hi) {
          failCount[i]++;
          failWhich[i] = k;
        }
      }
    } else {
      const need = t.need;
      const all = t.kind === 'all';
      for (let i = 0; i < n; i++) {
        const v = col[i] & need;
        if (all ? v !== need : v === 0) {
          failCount[i]++;
          failWhich[i] = k;
        }
      }
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

  function scan(q: SearchQuery, opts: SearchOptions = {}): Scan {
    const n = c.size;
    const dist = ownerDistances(q.zip);
    const { list, vehicle: v } = constraints(q, dist, !!opts.ignoreRadius);
    const base = baseFilter(q, opts.restrict);
    const withFacets = opts.facets !== false;
    const matches = new Int32Array(n);
    let count = 0;
    let left = 0;
    const nearLists = list.map(() => [] as number[]);
    if (list.length) {
      failCount.fill(0);
      list.forEach((con, k) => mark1(k, con.test));
      for (let i = 0; i < n; i++) {
        const f = failCount[i];
        if (f === 0 && (!base || base(i))) {
          matches[count++] = i;
          continue;
        }
        others[left++] = i;
        if (f === 1 && withFacets && (!base || base(i))) nearLists[failWhich[i]].push(i);
      }
    } else {
      for (let i = 0; i < n; i++) {
        if (!base || base(i)) matches[count++] = i;
        else others[left++] = i;
      }
    }
    const hits = matches.slice(0, count);
    const near = new Map(list.map((con, k) => [con.id, Int32Array.from(nearLists[k])]));
    const counts: Int32Array[] = [];
    if (withFacets) {
      for (const f of F) counts.push(new Int32Array(Math.max(f.options.length, 1)));
      // Distance, when a ZIP is searched: by the owner's distance band.
      const band = dist ? new Int32Array(c.owners.length) : null;
      if (band && dist) for (let o = 0; o < band.length; o++) band[o] = bandOf(dist[o]);
      const radiusCounts = new Int32Array(RADIUS_OPTIONS.length);
      const radiusAdd = upTo(RADIUS_OPTIONS.length);
      facets.groups.forEach((g, gi) => {
        const hist = groupHist[gi];
        const key = groupKeys[gi];
        if (count <= left) {
          hist.fill(0);
          for (let k = 0; k < count; k++) hist[key[hits[k]]]++;
        } else {
          hist.set(fullHist[gi]);
          for (let k = 0; k < left; k++) hist[key[others[k]]]--;
        }
        for (let b = 0; b < g.bins; b++) {
          const times = hist[b];
          if (!times) continue;
          for (const m of g.members) {
            const raw = m.rawOfBin[b];
            if (raw >= 0) F[m.facet].add(counts[m.facet], raw, times);
          }
          if (gi === ownerGroup && band) radiusAdd(radiusCounts, band[b], times);
        }
      });
      // Each filter's near misses count for its own facets.
      for (const [id, rows] of near) {
        if (!rows.length) continue;
        if (id === 'searchRadius') {
          for (const i of rows) radiusAdd(radiusCounts, band![c.owner[i]], 1);
          continue;
        }
        F.forEach((f, fi) => {
          if (f.constraint !== id) return;
          const out = counts[fi];
          const raw = f.raw;
          // Trim counts keep the make and model selection, series counts the make's.
          const keep = id === 'vehicle' && v ? (f.key === 'trimCode' ? v.modelOk : f.key === 'seriesCode' ? v.makeOk : null) : null;
          for (const i of rows) if (!keep || keep[facets.modelTrimOf[i]]) f.add(out, raw[i], 1);
        });
      }
      if (band) counts.push(radiusCounts);
    }
    return { matches: hits, count, counts, dist, near };
  }

  function bandOf(d: number): number {
    for (let k = 0; k < RADII.length; k++) if (d <= RADII[k]) return k;
    return RADII.length;
  }

  function upTo(n: number): Adder {
    return (out, raw, times) => {
      for (let k = raw; k < n; k++) out[k] += times;
    };
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

  /** Labels of selected codes, from the facet options (the code itself when unknown). */
  function labelsOf(key: string, values: string[]): string[] {
    const f = facets.byKey.get(key);
    return values.map((v) => f?.options.find((o) => o.code.toUpperCase() === v.toUpperCase())?.label ?? v);
  }

  /** The filters a shopper can remove, each with its label and the keys removing it deletes. */
  function removable(q: SearchQuery): Omit<FilterRelaxation, 'count' | 'search'>[] {
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
        label: `${name('mileage')}: Under ${q.mileage.toLocaleString('en-US')} miles`,
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

  function relaxations(q: SearchQuery) {
    const total = run(q, { facets: false }).count;
    const list: FilterRelaxation[] = removable(q).map((r) => {
      const relaxed: SearchQuery = { ...resetPaging(q) };
      for (const k of r.remove) delete relaxed[k];
      return { ...r, count: run(relaxed, { facets: false }).count, search: serializeQuery(relaxed) };
    });
    list.sort((a, b) => b.count - a.count);
    return { totalResultCount: total, relaxations: list };
  }

  /**
   * Suggested filters: for filters not set yet, the value that keeps the most listings while still
   * narrowing the search; a truck search is offered its cab sizes, an SUV search the third row.
   */
  function suggestions(q: SearchQuery, filters: Record<string, { options: FacetOption[] }>, total: number): SuggestedFilter[] {
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
      const ids = sortAndPage(q, r.matches, r.dist, first, num);
      const result: SearchResult = { ...page(ids, r.dist), totalResultCount: r.count };
      if (wantFacets) {
        const filters: Record<string, { options: FacetOption[] }> = {};
        F.forEach((f, fi) => {
          filters[f.key] = { options: f.options.map((o, k) => ({ value: o.code, label: o.label, count: r.counts[fi][k] })) };
        });
        if (r.counts.length > F.length) {
          const radius = r.counts[F.length];
          filters.searchRadius = { options: RADIUS_OPTIONS.map((o, k) => ({ value: o.code, label: o.label, count: radius[k] })) };
        }
        if (opts.suggested) result.suggestedFilters = suggestions(q, filters, r.count);
        if (opts.facets !== false) result.filters = filters;
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
