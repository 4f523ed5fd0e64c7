/**
 * Every filter of the specs as a facet: its answer key, its options (code and label), the raw
 * value of each listing it counts by, and how a raw value adds to the option counts. The counting
 * plan is all typed arrays, no closures: each facet counts by one or two parts (a per-row raw
 * column and, per raw value, the list of options it adds to), and parts whose raw values are
 * functions of one packed key share a count group, so one histogram pass over the matching rows
 * counts all of them (make, model, trim, series, package, body style and its subtypes and doors
 * from one (model, trim, package) key; the small enumerations packed into keys of a few thousand
 * bins; the features mask by its two bytes; the seller's facets from the owner).
 */
import { formatNumber } from '@cfs/search-query';
import type { Catalogue } from '../catalogue/generate';
import { trimCode } from '../catalogue/generate';
import { MAKES, SERIES } from '../catalogue/vehicles';
import {
  BED_LENGTHS,
  BODY_STYLES,
  CAB_SIZES,
  CYLINDERS,
  DEAL_TYPES,
  DOORS,
  DRIVE_GROUPS,
  ELECTRIC_RANGE_STEPS,
  EXTERIOR_COLORS,
  FEATURES,
  FUEL_OPTIONS,
  HISTORY,
  HOME_SERVICES,
  INTERIOR_COLORS,
  LISTING_TYPE_OPTIONS,
  MILEAGE_STEPS,
  MPG_RANGES,
  PRICE_BUCKETS,
  SEATING,
  SEDAN_SUBTYPES,
  SELLER_TYPES,
  SUBTYPES,
  SUV_SUBTYPES,
  TRANSMISSIONS,
  VAN_SUBTYPES,
  VEHICLE_TYPES,
  VEHICLE_USE_TYPES,
  type Option,
} from '../catalogue/tables';

/** How one listing's raw value adds `times` to the option counts. */
export type Adder = (out: Int32Array, raw: number, times: number) => void;

export interface Facet {
  key: string;
  options: Option[];
  /** The listing's raw value (per row). */
  raw: ArrayLike<number>;
  add: Adder;
  /**
   * The filter whose near misses (rows failing only that filter) also count for this facet:
   * a facet's counts ignore its own selection. Make, model, series and trim share 'vehicle'.
   */
  constraint: string;
  /**
   * Every selected option must hold (features, vehicle history): each option counts the matches
   * that have it, that is what the search finds with the option added to the current selection.
   */
  narrows?: boolean;
}

/** Raw value r adds to the options opts[start[r]] up to opts[start[r + 1] - 1] (the adder as lists). */
export interface RawMap {
  size: number;
  start: Int32Array;
  opts: Int32Array;
}

/** One column a facet counts by: per row a raw value (a wide bit mask is split into its bytes). */
export interface Part {
  facet: number;
  col: Int32Array;
  map: RawMap;
}

export interface CountGroup {
  /** Packed key per row (at most 65536 bins). */
  key: Uint16Array;
  bins: number;
  /** Per member part (index into parts): its raw value for each bin (0 for bins no row has). */
  members: { part: number; rawOfBin: Uint16Array }[];
  /** The histogram over every row: a search matching most rows subtracts the rows it leaves out. */
  full: Int32Array;
}

export interface FacetTable {
  facets: Facet[];
  byKey: Map<string, Facet>;
  parts: Part[];
  /** Per facet: its parts. */
  partsOf: number[][];
  groups: CountGroup[];
  /** The group counting by owner (distance joins it per search). */
  ownerGroup: number;
  /**
   * Row-major copies, so a sparse match set reads one cache line per row: per row and group its
   * bin (offset by binOff[group] into one flat histogram), and per row and part its raw value
   * (offset by rawOff[part] into one flat raw histogram).
   */
  rowBins: Uint16Array;
  binOff: Int32Array;
  /** The flat histogram over every row. */
  fullBins: Int32Array;
  rowRaws: Uint16Array;
  rawOff: Int32Array;
  /** Per group member: its raw value, offset by rawOff, for each bin of its group. */
  flatRawOfBin: Uint16Array[][];
  /** Global trim code index per listing. */
  trimCodeOf: Uint16Array;
  /** (model, trim) pair per listing, and each pair's model and trim code. */
  modelTrimOf: Uint16Array;
  pairModel: Int32Array;
  pairTrimCode: Int32Array;
  /** Global package index plus one per listing (0: none). */
  packageOf: Uint8Array;
  /** Engine displacement option index plus one per listing (0: electric, none). */
  displacementOf: Uint8Array;
  /** Per listing: the owner's seller type and home services. */
  sellerOf: Uint8Array;
  homeOf: Uint8Array;
  /** Per listing: 1 when its dealer takes part in a vehicle exchange program. */
  exchangeOf: Uint8Array;
  priceBucketOf: Uint8Array;
  mileageBucketOf: Uint8Array;
  mpgBucketOf: Uint8Array;
  evBucketOf: Uint8Array;
  yearOf: Uint8Array;
  firstYear: number;
}

/** Most bins a packed count group may have: a group costs one pass over the rows plus its bins per member. */
export const PACKED_BINS = 4096;

const identity: Adder = (out, raw, times) => {
  out[raw] += times;
};
/** Raw value k is option k-1; 0 (the attribute does not apply) is no option. */
const noneFirst: Adder = (out, raw, times) => {
  if (raw > 0) out[raw - 1] += times;
};
const mapped =
  (map: Int32Array): Adder =>
  (out, raw, times) => {
    const o = map[raw];
    if (o >= 0) out[o] += times;
  };
const bits: Adder = (out, raw, times) => {
  for (let b = 0, m = raw; m; b++, m >>>= 1) if (m & 1) out[b] += times;
};
/** Cumulative 'up to': raw is the first option the value fits under; it counts for that one and every wider one. */
const upFrom =
  (n: number): Adder =>
  (out, raw, times) => {
    for (let k = raw; k < n; k++) out[k] += times;
  };
/** Cumulative 'at least': raw is how many options the value reaches. */
const below: Adder = (out, raw, times) => {
  for (let k = 0; k < raw; k++) out[k] += times;
};

const dollars = (n: number) => `$${formatNumber(n)}`;

export const PRICE_OPTIONS: Option[] = PRICE_BUCKETS.map(([lo, hi]) => ({
  code: `${lo}-${hi || ''}`,
  label: lo === 0 ? `Under ${dollars(hi)}` : hi === 0 ? `${dollars(lo)} and up` : `${dollars(lo)} – ${dollars(hi)}`,
}));
export const MILEAGE_OPTIONS: Option[] = MILEAGE_STEPS.map((m) => ({ code: String(m), label: `Under ${formatNumber(m)} miles` }));
export const MPG_OPTIONS: Option[] = MPG_RANGES.map(([lo, hi]) => ({
  code: `${lo}-${hi || ''}`,
  label: lo === 0 ? `Under ${hi + 1} MPG` : hi === 0 ? `${lo}+ MPG` : `${lo}-${hi} MPG`,
}));
export const EV_RANGE_OPTIONS: Option[] = ELECTRIC_RANGE_STEPS.map((m) => ({ code: String(m), label: `${m}+ miles` }));
/** Distance: the radii the search keeps (below 100, or 100), then nationwide (0). */
export const RADIUS_OPTIONS: Option[] = [10, 25, 50, 75, 100, 0].map((r) => ({
  code: String(r),
  label: r ? `Within ${r} miles` : 'Nationwide',
}));
export const MONEY_BACK_OPTIONS: Option[] = [{ code: 'true', label: 'Money Back Guarantee' }];
/** designed: the vehicle exchange filter's one option (vehicleExchange=true). */
export const VEHICLE_EXCHANGE_OPTIONS: Option[] = [{ code: 'true', label: 'Vehicle Exchange' }];
/**
 * designed: the market extension facet's one option (marketExtension=include); its count is
 * answered per search (it depends on the searched ZIP and radius), see search/engine.ts.
 */
export const MARKET_EXTENSION_OPTIONS: Option[] = [{ code: 'include', label: 'Include Nearby Markets' }];

/** The catalogue's vehicle options the facets list: trim codes and (model, trim) pairs, packages, displacements, years. */
function vehicleOptions(c: Catalogue) {
  const n = c.size;
  // Trim codes, (model, trim) pairs, packages.
  const trimCodes: Option[] = [];
  const trimIndex = new Map<string, number>();
  const pairModel: number[] = [];
  const pairTrimCode: number[] = [];
  const pairOf: number[][] = c.models.map((m, mi) =>
    m.trims.map((t) => {
      const code = trimCode(t);
      if (!trimIndex.has(code)) {
        trimIndex.set(code, trimCodes.length);
        trimCodes.push({ code, label: t });
      }
      pairModel.push(mi);
      pairTrimCode.push(trimIndex.get(code)!);
      return pairModel.length - 1;
    }),
  );
  const packageOptions: Option[] = [];
  const modelPackage: number[][] = c.models.map((m) =>
    m.packages.map((p) => {
      let k = packageOptions.findIndex((o) => o.code === p);
      if (k < 0) k = packageOptions.push({ code: p, label: p }) - 1;
      return k + 1;
    }),
  );
  const displacements = [...new Set(Array.from(c.displacement).filter((d) => d > 0))].sort((a, b) => a - b);
  const displacementOptions = displacements.map((d) => ({ code: (d / 10).toFixed(1), label: `${(d / 10).toFixed(1)}L` }));
  const displacementIndex = new Int32Array(256);
  displacements.forEach((d, k) => (displacementIndex[d] = k + 1));
  let firstYear = Infinity;
  let lastYear = -Infinity;
  for (let i = 0; i < n; i++) {
    if (c.year[i] < firstYear) firstYear = c.year[i];
    if (c.year[i] > lastYear) lastYear = c.year[i];
  }
  if (!Number.isFinite(firstYear)) firstYear = lastYear = c.currentYear;
  const yearOptions: Option[] = [];
  for (let y = firstYear; y <= lastYear; y++) yearOptions.push({ code: String(y), label: String(y) });

  return {
    trimCodes,
    pairModel,
    pairTrimCode,
    pairOf,
    packageOptions,
    modelPackage,
    displacementOptions,
    displacementIndex,
    firstYear,
    yearOptions,
  };
}

/** Per listing, the value of each facet the catalogue does not hold as a column of its own. */
function rowColumns(c: Catalogue, v: ReturnType<typeof vehicleOptions>) {
  const n = c.size;
  const { pairOf, pairTrimCode, modelPackage, displacementIndex, firstYear } = v;
  const trimCodeOf = new Uint16Array(n);
  const modelTrimOf = new Uint16Array(n);
  const packageOf = new Uint8Array(n);
  const displacementOf = new Uint8Array(n);
  const sellerOf = new Uint8Array(n);
  const homeOf = new Uint8Array(n);
  const exchangeOf = new Uint8Array(n);
  const priceBucketOf = new Uint8Array(n);
  const mileageBucketOf = new Uint8Array(n);
  const mpgBucketOf = new Uint8Array(n);
  const evBucketOf = new Uint8Array(n);
  const yearOf = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const pair = pairOf[c.model[i]][c.trim[i]];
    modelTrimOf[i] = pair;
    trimCodeOf[i] = pairTrimCode[pair];
    packageOf[i] = c.pkg[i] ? modelPackage[c.model[i]][c.pkg[i] - 1] : 0;
    displacementOf[i] = displacementIndex[c.displacement[i]];
    sellerOf[i] = c.ownerPrivate[c.owner[i]];
    homeOf[i] = c.ownerHome[c.owner[i]];
    exchangeOf[i] = c.ownerExchange[c.owner[i]];
    const p = c.price[i];
    let b = PRICE_BUCKETS.findIndex(([lo, hi]) => p >= lo && (hi === 0 || p < hi));
    priceBucketOf[i] = b < 0 ? 0 : b;
    b = MILEAGE_STEPS.findIndex((s) => c.mileage[i] <= s);
    mileageBucketOf[i] = b < 0 ? MILEAGE_STEPS.length : b;
    const mpg = c.mpgHwy[i];
    b = MPG_RANGES.findIndex(([lo, hi]) => mpg >= lo && (hi === 0 || mpg <= hi));
    mpgBucketOf[i] = b < 0 ? 0 : b;
    evBucketOf[i] = ELECTRIC_RANGE_STEPS.filter((s) => c.evRange[i] >= s).length;
    yearOf[i] = c.year[i] - firstYear;
  }

  return {
    trimCodeOf,
    modelTrimOf,
    packageOf,
    displacementOf,
    sellerOf,
    homeOf,
    exchangeOf,
    priceBucketOf,
    mileageBucketOf,
    mpgBucketOf,
    evBucketOf,
    yearOf,
  };
}

/** Every facet: its key, options, raw column, how a raw value adds to its option counts, and its constraint. */
function facetList(c: Catalogue, v: ReturnType<typeof vehicleOptions>, cols: ReturnType<typeof rowColumns>): Facet[] {
  const { trimCodes, packageOptions, displacementOptions, yearOptions } = v;
  const subset = (codes: string[]) => {
    const map = new Int32Array(SUBTYPES.length).fill(-1);
    const options = codes.map((code, k) => {
      map[SUBTYPES.findIndex((s) => s.code === code)] = k;
      return SUBTYPES.find((s) => s.code === code)!;
    });
    return { options, add: mapped(map) };
  };
  const f = (key: string, options: Option[], raw: ArrayLike<number>, add: Adder = identity, constraint = key): Facet => ({
    key,
    options,
    raw,
    add,
    constraint,
  });
  return [
    f(
      'makeCode',
      MAKES.map((m) => ({ code: m.code, label: m.name })),
      c.make,
      identity,
      'vehicle',
    ),
    f(
      'modelCode',
      c.models.map((m) => ({ code: m.code, label: m.name })),
      c.model,
      identity,
      'vehicle',
    ),
    f(
      'seriesCode',
      SERIES.map((s) => ({ code: s.code, label: s.label })),
      c.series,
      noneFirst,
      'vehicle',
    ),
    f('trimCode', trimCodes, cols.trimCodeOf, identity, 'vehicle'),
    f('packages', packageOptions, cols.packageOf, noneFirst),
    f('vehicleStyleCode', BODY_STYLES, c.body),
    f('bodyStyleSubtypeCode', SUBTYPES.slice(1), c.subtype, noneFirst),
    { ...f('suvSubtypeCode', [], c.subtype), ...subset(SUV_SUBTYPES) },
    { ...f('sedanSubtypeCode', [], c.subtype), ...subset(SEDAN_SUBTYPES) },
    { ...f('vanSubtypeCode', [], c.subtype), ...subset(VAN_SUBTYPES) },
    f('doorCode', DOORS, c.doors),
    f('listingType', LISTING_TYPE_OPTIONS, c.ltype),
    f('fuelTypeGroup', FUEL_OPTIONS, c.fuel),
    f('driveGroup', DRIVE_GROUPS, c.drive),
    f('transmissionCode', TRANSMISSIONS, c.trans),
    f('dealType', DEAL_TYPES, c.deal, mapped(Int32Array.from([0, 1, 2, -1]))),
    f('extColorSimple', EXTERIOR_COLORS, c.ext),
    f('intColorSimple', INTERIOR_COLORS, c.int),
    f('engineCode', CYLINDERS, c.cyl),
    f('vehicleUseType', VEHICLE_USE_TYPES, c.use),
    f('moneyBackGuarantee', MONEY_BACK_OPTIONS, c.moneyBack, mapped(Int32Array.from([-1, 0]))),
    f('maximumSeating', SEATING, c.seats),
    f('vehicleType', VEHICLE_TYPES.slice(1), c.vehicleType, noneFirst),
    f('truckBedLength', BED_LENGTHS.slice(1), c.bed, noneFirst),
    f('truckCabSize', CAB_SIZES.slice(1), c.cab, noneFirst),
    f('engineDisplacement', displacementOptions, cols.displacementOf, noneFirst),
    f('yearRange', yearOptions, cols.yearOf),
    f('price', PRICE_OPTIONS, cols.priceBucketOf),
    f('mileage', MILEAGE_OPTIONS, cols.mileageBucketOf, upFrom(MILEAGE_OPTIONS.length)),
    f('mpgRange', MPG_OPTIONS, cols.mpgBucketOf),
    f('electricMileRange', EV_RANGE_OPTIONS, cols.evBucketOf, below),
    { ...f('featureCode', FEATURES, c.features, bits), narrows: true },
    { ...f('vehicleHistoryType', HISTORY, c.history, bits), narrows: true },
    f('sellerType', SELLER_TYPES, cols.sellerOf),
    f('homeServices', HOME_SERVICES, cols.homeOf, bits),
    f('vehicleExchange', VEHICLE_EXCHANGE_OPTIONS, cols.exchangeOf, mapped(Int32Array.from([-1, 0]))),
  ];
}

/**
 * Parts: each facet's raw column (as Int32Array, one element type for the hot loops) and its
 * adder as lists; a mask wider than a byte counts by its bytes.
 */
function facetParts(facets: Facet[], n: number): { parts: Part[]; partsOf: number[][] } {
  const parts: Part[] = [];
  const partsOf: number[][] = facets.map(() => []);
  const rawMap = (facet: Facet, size: number, shift: number): RawMap => {
    const start = new Int32Array(size + 1);
    const opts: number[] = [];
    const probe = new Int32Array(Math.max(facet.options.length, 1));
    for (let r = 0; r < size; r++) {
      probe.fill(0);
      facet.add(probe, r << shift, 1);
      for (let k = 0; k < facet.options.length; k++) if (probe[k]) opts.push(k);
      start[r + 1] = opts.length;
    }
    return { size, start, opts: Int32Array.from(opts) };
  };
  facets.forEach((facet, fi) => {
    const raw = facet.raw;
    let max = 0;
    for (let i = 0; i < n; i++) if (raw[i] > max) max = raw[i];
    if (facet.add === bits && max > 255) {
      for (let shift = 0; max >>> shift; shift += 8) {
        const col = new Int32Array(n);
        for (let i = 0; i < n; i++) col[i] = (raw[i] >>> shift) & 255;
        partsOf[fi].push(parts.push({ facet: fi, col, map: rawMap(facet, 256, shift) }) - 1);
      }
    } else {
      partsOf[fi].push(parts.push({ facet: fi, col: Int32Array.from(raw), map: rawMap(facet, max + 1, 0) }) - 1);
    }
  });
  return { parts, partsOf };
}

/** Count groups: the parts counted together through one key per listing; a group's members are read from one representative row per bin. */
function countGroups(
  c: Catalogue,
  facets: Facet[],
  { parts, partsOf }: { parts: Part[]; partsOf: number[][] },
  modelTrimOf: Uint16Array,
  pairs: number,
): CountGroup[] {
  const n = c.size;
  const index = (key: string) => facets.findIndex((x) => x.key === key);
  const groups: CountGroup[] = [];
  const group = (wide: ArrayLike<number>, bins: number, members: number[]) => {
    if (bins > 65536) throw new Error(`a count group of ${bins} bins does not fit 16 bits`);
    const key = Uint16Array.from(wide);
    const rep = new Int32Array(bins).fill(-1);
    const full = new Int32Array(bins);
    for (let i = 0; i < n; i++) {
      if (rep[key[i]] < 0) rep[key[i]] = i;
      full[key[i]]++;
    }
    groups.push({
      key,
      bins,
      full,
      members: members.map((p) => {
        const col = parts[p].col;
        return { part: p, rawOfBin: Uint16Array.from(rep, (i) => (i < 0 ? 0 : col[i])) };
      }),
    });
  };
  const partsOfKeys = (keys: string[]) => keys.flatMap((k) => partsOf[index(k)]);
  // (model, trim, package): everything the model decides.
  const maxPkg = Math.max(1, ...c.models.map((m) => m.packages.length)) + 1;
  const mtp = new Int32Array(n);
  for (let i = 0; i < n; i++) mtp[i] = modelTrimOf[i] * maxPkg + c.pkg[i];
  group(
    mtp,
    pairs * maxPkg,
    partsOfKeys([
      'makeCode',
      'modelCode',
      'seriesCode',
      'trimCode',
      'packages',
      'vehicleStyleCode',
      'bodyStyleSubtypeCode',
      'suvSubtypeCode',
      'sedanSubtypeCode',
      'vanSubtypeCode',
      'doorCode',
    ]),
  );
  // The other per-listing parts, packed greedily into keys of at most PACKED_BINS bins: larger
  // keys leave many small bins, each read once per member.
  const packed = partsOfKeys([
    'listingType',
    'fuelTypeGroup',
    'driveGroup',
    'transmissionCode',
    'dealType',
    'extColorSimple',
    'intColorSimple',
    'engineCode',
    'vehicleUseType',
    'moneyBackGuarantee',
    'maximumSeating',
    'vehicleType',
    'truckBedLength',
    'truckCabSize',
    'engineDisplacement',
    'yearRange',
    'price',
    'mileage',
    'mpgRange',
    'electricMileRange',
    'vehicleHistoryType',
    'featureCode',
  ]);
  let members: number[] = [];
  let bins = 1;
  const flush = () => {
    if (!members.length) return;
    const cols = members.map((p) => parts[p].col);
    const cards = members.map((p) => parts[p].map.size);
    const key = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      let k = 0;
      for (let m = 0; m < cols.length; m++) k = k * cards[m] + cols[m][i];
      key[i] = k;
    }
    group(key, bins, members);
    members = [];
    bins = 1;
  };
  for (const p of packed) {
    const size = parts[p].map.size;
    if (bins * size > PACKED_BINS) flush();
    members.push(p);
    bins *= size;
  }
  flush();
  // The seller's facets, by owner.
  group(c.owner, c.owners.length, partsOfKeys(['sellerType', 'homeServices', 'vehicleExchange']));

  return groups;
}

/** The row-major copies of the groups' bins and the parts' raw values, offset into flat histograms. */
function rowMajor(groups: CountGroup[], parts: Part[], n: number) {
  const G = groups.length;
  const binOff = new Int32Array(G + 1);
  groups.forEach((g, gi) => (binOff[gi + 1] = binOff[gi] + g.bins));
  const P = parts.length;
  const rawOff = new Int32Array(P + 1);
  parts.forEach((p, pi) => (rawOff[pi + 1] = rawOff[pi] + p.map.size));
  if (binOff[G] > 65536 || rawOff[P] > 65536) throw new Error('flat histograms must index in 16 bits');
  const rowBins = new Uint16Array(n * G);
  const fullBins = new Int32Array(binOff[G]);
  groups.forEach((g, gi) => {
    const key = g.key;
    for (let i = 0; i < n; i++) rowBins[i * G + gi] = binOff[gi] + key[i];
    fullBins.set(g.full, binOff[gi]);
  });
  const rowRaws = new Uint16Array(n * P);
  parts.forEach((p, pi) => {
    const col = p.col;
    for (let i = 0; i < n; i++) rowRaws[i * P + pi] = rawOff[pi] + col[i];
  });
  const flatRawOfBin = groups.map((g) => g.members.map((m) => m.rawOfBin.map((r) => rawOff[m.part] + r)));

  return { rowBins, binOff, fullBins, rowRaws, rawOff, flatRawOfBin };
}

/** The facet table of a catalogue: its facets, their parts and count groups, in the layouts the engine's scans read. */
export function buildFacets(c: Catalogue): FacetTable {
  const v = vehicleOptions(c);
  const cols = rowColumns(c, v);
  const facets = facetList(c, v, cols);
  const parted = facetParts(facets, c.size);
  const groups = countGroups(c, facets, parted, cols.modelTrimOf, v.pairModel.length);
  return {
    ...rowMajor(groups, parted.parts, c.size),
    facets,
    byKey: new Map(facets.map((x) => [x.key, x])),
    ...parted,
    groups,
    ownerGroup: groups.length - 1,
    ...cols,
    pairModel: Int32Array.from(v.pairModel),
    pairTrimCode: Int32Array.from(v.pairTrimCode),
    firstYear: v.firstYear,
  };
}
