// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module cannot be imported; other programs (gateway, e2e) compile this file too
/// <reference path="../types/zipcodes.d.ts" />
/**
 * The deterministic catalogue: listings kept in columns (typed arrays) for fast filtering, facet
 * counting and sorting; Listing and Owner objects are built only for what an answer returns.
 */
import zipcodes from 'zipcodes';
import type { Listing, ListingType, Owner } from '@cfs/contracts';
import { Rng, cumulative, hash32, pickWeighted, unit } from '../util/random';
import { DEALER_WORDS, MAKES, OWNER_ZIPS, PERSON_NAMES, SERIES, type ModelSpec } from './vehicles';
import {
  BED_LENGTHS,
  BODY_STYLES,
  CAB_SIZES,
  CYLINDERS,
  DOORS,
  DRIVE_GROUPS,
  EXTERIOR_COLORS,
  EXTERIOR_WEIGHTS,
  FEATURES,
  FUEL_OPTIONS,
  HISTORY,
  HOME_SERVICES,
  INTERIOR_COLORS,
  INTERIOR_WEIGHTS,
  SEATING,
  SUBTYPES,
  TRANSMISSIONS,
  URGENCY,
  VEHICLE_TYPES,
} from './tables';
import { makeVin } from './vin';
import {
  DEAL_RATINGS,
  askingPrice,
  dealRating,
  marketValue,
  payments,
  priceCeiling,
  priceClass,
  vehicleMsrp,
  NEW_DISCOUNT,
} from './pricing';
import { spinId, viewCounts } from './views';
import { haversineMiles } from '../util/geo';
import { formatNumber } from '@cfs/search-query';

export const LTYPES: ListingType[] = ['NEW', 'USED', 'CERTIFIED', '3P_CERT'];
export const DEALS = DEAL_RATINGS;

export interface FlatModel extends ModelSpec {
  makeIndex: number;
  makeCode: string;
  makeName: string;
  /** Index into SERIES plus one; 0 when the model belongs to no series. */
  series: number;
}

export interface OwnerRow {
  id: string;
  name: string;
  privateSeller: boolean;
  zip: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
  homeServices: number;
  /** 0 none, 1 premium sponsor, 2 featured, 3 standard spotlight. */
  tier: number;
  rating: number;
  ratingCount: number;
  hideEmailForm: boolean;
  /** Takes part in the money back guarantee program (14 days or 1,000 miles) on its used cars. */
  moneyBackGuarantee: boolean;
  /**
   * designed: the owner index of the parent store when this dealer extends its inventory into a
   * neighbouring market (market extension, page-furniture §3), else -1. See `marketParents`.
   */
  marketParent: number;
  /** designed: the dealer takes part in a vehicle exchange (trade-in) program. */
  vehicleExchange: boolean;
}

export interface Catalogue {
  size: number;
  seed: number;
  currentYear: number;
  /** The clock of the 7-day view counts (the real one unless a test sets it). */
  now: () => Date;
  models: FlatModel[];
  owners: OwnerRow[];
  ownerIndex: Map<string, number>;
  ownerLat: Float64Array;
  ownerLon: Float64Array;
  ownerPrivate: Uint8Array;
  ownerHome: Uint8Array;
  ownerTier: Uint8Array;
  ownerMoneyBack: Uint8Array;
  /** Per owner: its parent store's owner index when it is a market-extension dealer, else -1. */
  ownerParent: Int32Array;
  /** Per owner: 1 when it takes part in a vehicle exchange program. */
  ownerExchange: Uint8Array;
  // listing columns
  make: Uint8Array;
  model: Uint16Array;
  trim: Uint8Array;
  year: Uint16Array;
  ltype: Uint8Array;
  price: Int32Array;
  msrp: Int32Array;
  incentive: Int32Array;
  mileage: Int32Array;
  ext: Uint8Array;
  int: Uint8Array;
  trans: Uint8Array;
  drive: Uint8Array;
  fuel: Uint8Array;
  cyl: Uint8Array;
  displacement: Uint8Array;
  doors: Uint8Array;
  seats: Uint8Array;
  body: Uint8Array;
  subtype: Uint8Array;
  features: Uint16Array;
  history: Uint8Array;
  owner: Int32Array;
  deal: Uint8Array;
  daysListed: Uint16Array;
  bed: Uint8Array;
  cab: Uint8Array;
  vehicleType: Uint8Array;
  evRange: Uint16Array;
  mpgCity: Uint8Array;
  mpgHwy: Uint8Array;
  urgency: Uint8Array;
  pkg: Uint8Array;
  reduced: Uint8Array;
  /** Series index plus one (0: none), from the model. */
  series: Uint8Array;
  /** Vehicle use type: 0 personal, 1 commercial (commercial vehicle types and cargo vans). */
  use: Uint8Array;
  /** 1 when the listing carries the money back guarantee (a used car of a participating dealer). */
  moneyBack: Uint8Array;
  relevance: Float32Array;
  vins: string[];
  vinIndex: Map<string, number>;
}

const FUEL_INDEX = Object.fromEntries(FUEL_OPTIONS.map((f, i) => [f.code, i]));
const DRIVE_INDEX = Object.fromEntries(DRIVE_GROUPS.map((d, i) => [d.code, i]));
const BODY_INDEX = Object.fromEntries(BODY_STYLES.map((b, i) => [b.code, i]));
const SUBTYPE_INDEX = Object.fromEntries(SUBTYPES.map((s, i) => [s.code, i]));
const SEAT_INDEX = Object.fromEntries(SEATING.map((s, i) => [s.code, i]));
const DOOR_INDEX = Object.fromEntries(DOORS.map((d, i) => [d.code, i]));
const WMI: Record<string, string> = {
  FORD: '1FT',
  CHEV: '1GC',
  TOYOTA: '4T1',
  HONDA: '1HG',
  NISSAN: '1N4',
  JEEP: '1C4',
  RAM: '1C6',
  TESLA: '5YJ',
  BMW: 'WBA',
  MB: 'W1K',
  SUB: '4S4',
  HYUND: '5NP',
  KIA: 'KND',
  VOLKS: '3VW',
  MAZDA: 'JM1',
  GMC: '1GT',
  BUICK: '5GA',
  CHRY: '2C4',
};

export function buildCatalogue(opts: { listings?: number; seed?: number; currentYear?: number; now?: () => Date } = {}): Catalogue {
  const size = Math.max(1, Math.floor(opts.listings ?? 50000));
  const seed = opts.seed ?? 20261122;
  const currentYear = opts.currentYear ?? new Date().getFullYear();
  const models: FlatModel[] = MAKES.flatMap((mk, makeIndex) =>
    mk.models.map((mo) => ({
      ...mo,
      makeIndex,
      makeCode: mk.code,
      makeName: mk.name,
      series: SERIES.findIndex((s) => s.models.includes(mo.code)) + 1,
    })),
  );
  const modelCum = cumulative(models.map((m) => m.weight));

  // Owners: dealers at real ZIP codes, plus private sellers.
  const rng = new Rng(seed);
  const dealerCount = Math.max(20, Math.round(size / 40));
  const privateCount = Math.max(5, Math.round(size / 120));
  const owners: OwnerRow[] = [];
  const zipInfo = OWNER_ZIPS.map((z) => zipcodes.lookup(z)).filter(Boolean) as {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
  }[];
  for (let d = 0; d < dealerCount + privateCount; d++) {
    const z = zipInfo[d % zipInfo.length];
    const priv = d >= dealerCount;
    const jitter = () => (rng.next() - 0.5) * 0.3;
    const name = priv
      ? `${rng.pick(PERSON_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}.`
      : `${rng.pick(DEALER_WORDS.first)} ${MAKES[d % MAKES.length].name} ${rng.pick(DEALER_WORDS.second)}`;
    let home = 0;
    if (!priv) for (let h = 0; h < HOME_SERVICES.length; h++) if (rng.chance(0.35)) home |= 1 << h;
    owners.push({
      id: priv ? `p${100000 + d}` : `d${100000 + d}`,
      name,
      privateSeller: priv,
      zip: z.zip,
      city: z.city,
      state: z.state,
      lat: z.latitude + jitter(),
      lon: z.longitude + jitter(),
      homeServices: home,
      tier: priv ? 0 : d % 10 === 0 ? 1 : d % 10 < 3 ? 2 : d % 10 < 6 ? 3 : 0,
      rating: priv ? 0 : Math.round((3 + rng.next() * 2) * 10) / 10,
      ratingCount: priv ? 0 : rng.int(5, 900),
      hideEmailForm: !priv && rng.chance(0.05),
      // From a hash of the owner's number, so adding it changed no other generated value.
      moneyBackGuarantee: !priv && hash32(seed, d, 0x4d4247) % 100 < 30,
      // Both from hashes of the owner's number too.
      marketParent: -1,
      vehicleExchange: !priv && hash32(seed, d, 0x564558) % 100 < 25,
    });
  }
  marketParents(owners, zipInfo, seed);
  const ownerIndex = new Map(owners.map((o, i) => [o.id, i]));

  const c: Catalogue = {
    size,
    seed,
    currentYear,
    now: opts.now ?? (() => new Date()),
    models,
    owners,
    ownerIndex,
    ownerLat: Float64Array.from(owners, (o) => o.lat),
    ownerLon: Float64Array.from(owners, (o) => o.lon),
    ownerPrivate: Uint8Array.from(owners, (o) => (o.privateSeller ? 1 : 0)),
    ownerHome: Uint8Array.from(owners, (o) => o.homeServices),
    ownerTier: Uint8Array.from(owners, (o) => o.tier),
    ownerMoneyBack: Uint8Array.from(owners, (o) => (o.moneyBackGuarantee ? 1 : 0)),
    ownerParent: Int32Array.from(owners, (o) => o.marketParent),
    ownerExchange: Uint8Array.from(owners, (o) => (o.vehicleExchange ? 1 : 0)),
    make: new Uint8Array(size),
    model: new Uint16Array(size),
    trim: new Uint8Array(size),
    year: new Uint16Array(size),
    ltype: new Uint8Array(size),
    price: new Int32Array(size),
    msrp: new Int32Array(size),
    incentive: new Int32Array(size),
    mileage: new Int32Array(size),
    ext: new Uint8Array(size),
    int: new Uint8Array(size),
    trans: new Uint8Array(size),
    drive: new Uint8Array(size),
    fuel: new Uint8Array(size),
    cyl: new Uint8Array(size),
    displacement: new Uint8Array(size),
    doors: new Uint8Array(size),
    seats: new Uint8Array(size),
    body: new Uint8Array(size),
    subtype: new Uint8Array(size),
    features: new Uint16Array(size),
    history: new Uint8Array(size),
    owner: new Int32Array(size),
    deal: new Uint8Array(size),
    daysListed: new Uint16Array(size),
    bed: new Uint8Array(size),
    cab: new Uint8Array(size),
    vehicleType: new Uint8Array(size),
    evRange: new Uint16Array(size),
    mpgCity: new Uint8Array(size),
    mpgHwy: new Uint8Array(size),
    urgency: new Uint8Array(size),
    pkg: new Uint8Array(size),
    reduced: new Uint8Array(size),
    series: new Uint8Array(size),
    use: new Uint8Array(size),
    moneyBack: new Uint8Array(size),
    relevance: new Float32Array(size),
    vins: new Array<string>(size),
    vinIndex: new Map(),
  };
  const extCum = cumulative(EXTERIOR_WEIGHTS);
  const intCum = cumulative(INTERIOR_WEIGHTS);

  for (let i = 0; i < size; i++) {
    const r = new Rng((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0);
    const mi = pickWeighted(modelCum, r.next());
    const mo = models[mi];
    const firstYear = Math.max(mo.since, currentYear - 14);
    const year = Math.min(currentYear + 1, firstYear + Math.floor(Math.pow(r.next(), 0.6) * (currentYear + 2 - firstYear)));
    const age = Math.max(0, currentYear - year);
    let lt = 1;
    if (age <= 1 && r.chance(0.55)) lt = 0;
    else if (age <= 6 && r.chance(0.14)) lt = 2;
    else if (r.chance(0.05)) lt = 3;
    const ti = r.int(0, mo.trims.length - 1);
    const fuelCode = mo.fuels[r.int(0, mo.fuels.length - 1)];
    const fuel = FUEL_INDEX[fuelCode];
    const ownerI =
      lt === 0 || lt === 2
        ? r.int(0, dealerCount - 1)
        : r.chance(0.1)
          ? dealerCount + r.int(0, privateCount - 1)
          : r.int(0, dealerCount - 1);
    // The seller's deviation from the market value (condition, pricing strategy); priced below.
    // Rng.normal sums six uniforms, whose standard deviation is 1/sqrt(2): scaled to 1 here.
    const deviation = r.normal() * Math.SQRT2;
    const miles =
      lt === 0 ? r.int(0, 60) : Math.min(249000, Math.max(300, Math.round(age * 12500 * (0.55 + r.next() * 0.9) + r.int(0, 4000))));
    const isEv = fuelCode === 'ELE';
    let cylCode = isEv
      ? 'ELECTRIC'
      : mo.body === 'TRUCKS'
        ? r.chance(0.6)
          ? '8CLDR'
          : '6CLDR'
        : mo.base > 50000
          ? r.chance(0.5)
            ? '6CLDR'
            : '8CLDR'
          : r.chance(0.75)
            ? '4CLDR'
            : '6CLDR';
    if (!isEv && mo.base < 24000 && r.chance(0.1)) cylCode = '3CLDR';
    const cyl = CYLINDERS.findIndex((x) => x.code === cylCode);
    const displacement = isEv
      ? 0
      : Math.round(
          (({ '3CLDR': 1.2, '4CLDR': 2.0, '6CLDR': 3.5, '8CLDR': 5.3 } as Record<string, number>)[cylCode] ?? 2.5) * 10 + r.int(-3, 3),
        );
    let feats = 0;
    const richness = 0.2 + ti * 0.12 + (mo.base > 40000 ? 0.25 : 0) + Math.max(0, 0.2 - age * 0.02);
    for (let f = 0; f < FEATURES.length; f++)
      if (r.chance(Math.min(0.95, richness + (f === 2 && year >= 2018 ? 0.7 : 0) + (f === 3 ? 0.4 : 0)))) feats |= 1 << f;
    if (mo.seats >= 7) feats |= 1 << 10;
    else feats &= ~(1 << 10);
    let hist = 0;
    if (lt !== 0) for (let h = 0; h < HISTORY.length; h++) if (r.chance(h === 2 ? 0.9 : 0.55)) hist |= 1 << h;
    const isTruck = mo.body === 'TRUCKS';
    const seats = isTruck ? (r.chance(0.7) ? 5 : r.chance(0.5) ? 6 : 3) : mo.seats;
    const mpgBase = isEv
      ? 110 + r.int(0, 20)
      : fuelCode === 'HYB' || fuelCode === 'PIH'
        ? 45 + r.int(0, 10)
        : isTruck
          ? 19 + r.int(0, 5)
          : mo.base > 50000
            ? 24 + r.int(0, 5)
            : 30 + r.int(0, 8);

    c.make[i] = mo.makeIndex;
    c.model[i] = mi;
    c.trim[i] = ti;
    c.year[i] = year;
    c.ltype[i] = lt;
    const incentiveDrawn = lt === 0 && r.chance(0.3) ? r.int(5, 40) * 100 : 0;
    c.mileage[i] = miles;
    c.ext[i] = pickWeighted(extCum, r.next());
    c.int[i] = pickWeighted(intCum, r.next());
    c.trans[i] = isEv || r.chance(0.94) ? 0 : 1;
    c.drive[i] = DRIVE_INDEX[mo.drives[r.int(0, mo.drives.length - 1)]];
    c.fuel[i] = fuel;
    c.cyl[i] = cyl;
    c.displacement[i] = displacement;
    c.doors[i] = DOOR_INDEX[`${mo.doors}DR`] ?? 2;
    c.seats[i] = SEAT_INDEX[String(seats)] ?? 3;
    c.body[i] = BODY_INDEX[mo.body];
    c.subtype[i] = SUBTYPE_INDEX[mo.subtype] ?? 0;
    c.features[i] = feats;
    c.history[i] = hist;
    c.owner[i] = ownerI;
    c.daysListed[i] = r.int(0, 120);
    c.bed[i] = isTruck ? r.int(1, BED_LENGTHS.length - 1) : 0;
    c.cab[i] = isTruck ? (({ 3: 1, 5: 3, 6: 4 } as Record<number, number>)[seats] ?? 2) : 0;
    c.vehicleType[i] =
      mo.subtype === 'CARGO_VAN' ? 2 : mo.subtype === 'HEAVY_DUTY_TRUCK' && r.chance(0.4) ? r.int(1, VEHICLE_TYPES.length - 1) : 0;
    c.evRange[i] = isEv ? 150 + r.int(0, 200) : fuelCode === 'PIH' ? 20 + r.int(0, 30) : 0;
    c.mpgCity[i] = Math.max(10, mpgBase - r.int(2, 8));
    c.mpgHwy[i] = mpgBase;
    c.urgency[i] = r.chance(0.08) ? r.int(1, URGENCY.length - 1) : 0;
    c.pkg[i] = r.chance(0.3) ? r.int(1, mo.packages.length) : 0;
    c.reduced[i] = r.chance(0.12) ? 1 : 0;
    // Derived without further draws, so every other value stays what the seed gave before.
    priceListing(c, i, mo, fuelCode, deviation, incentiveDrawn, ownerI >= dealerCount);
    c.series[i] = mo.series;
    c.use[i] = c.vehicleType[i] !== 0 || mo.subtype === 'CARGO_VAN' ? 1 : 0;
    c.moneyBack[i] = lt !== 0 && owners[ownerI].moneyBackGuarantee ? 1 : 0;
    // Relevance: good deals, recent listings, photos of richer trims rank higher.
    c.relevance[i] = (3 - c.deal[i]) * 2 + (120 - c.daysListed[i]) / 40 + r.next() * 2 + (c.owner[i] < dealerCount ? 0.5 : 0);
    const vin = makeVin((seed + i * 7919) >>> 0, year, WMI[mo.makeCode] ?? '1XX');
    c.vins[i] = vin;
    c.vinIndex.set(vin, i);
  }
  return c;
}

/** designed: a market-extension dealer's parent store is this far away (in a neighbouring market, not its own): at least the first, under the second. */
export const NEIGHBOURING_MARKET_MILES = [30, 250] as const;

/**
 * designed: market extension. About one dealer in six (by a hash of its number) extends its
 * inventory into a neighbouring market: its parent store is the first dealer that is not itself
 * extending at the nearest owner ZIP within NEIGHBOURING_MARKET_MILES (none: it does not extend). A search around the
 * parent's market may include the dealer's listings beyond its radius (search/engine.ts). Owners
 * sit at OWNER_ZIPS in turn (owner d at ZIP d modulo their count), so a ZIP's dealers are known
 * without a pass over every owner.
 */
function marketParents(owners: OwnerRow[], zips: { latitude: number; longitude: number }[], seed: number): void {
  const dealers = owners.filter((o) => !o.privateSeller).length;
  const extending = (d: number) => d < dealers && hash32(seed, d, 0x4d4b58) % 6 === 0;
  for (let d = 0; d < dealers; d++) {
    if (!extending(d)) continue;
    const home = zips[d % zips.length];
    let best = -1;
    let bestMiles = Infinity;
    for (let z = 0; z < zips.length; z++) {
      const miles = haversineMiles(home.latitude, home.longitude, zips[z].latitude, zips[z].longitude);
      if (miles < NEIGHBOURING_MARKET_MILES[0] || miles >= Math.min(bestMiles, NEIGHBOURING_MARKET_MILES[1])) continue;
      for (let p = z; p < dealers; p += zips.length) {
        if (extending(p)) continue;
        best = p;
        bestMiles = miles;
        break;
      }
    }
    owners[d].marketParent = best;
  }
}

/**
 * Price, MSRP, incentive and deal rating of listing i from its drawn vehicle (pricing.ts): the
 * MSRP of its trim, year and options; new listings near it (less the usual discount and any
 * incentive); used ones at the market value of the same trim, year and mileage moved by the
 * seller's deviation, rounded as sellers do. `deviation` is a standard normal draw.
 */
function priceListing(
  c: Catalogue,
  i: number,
  mo: FlatModel,
  fuel: string,
  deviation: number,
  incentiveDrawn: number,
  privateSeller: boolean,
): void {
  const listingType = LTYPES[c.ltype[i]];
  const msrp = vehicleMsrp(mo, c.trim[i], c.year[i], c.currentYear, {
    fuel,
    drive: DRIVE_GROUPS[c.drive[i]].code,
    packaged: c.pkg[i] > 0,
  });
  // Incentives run up to about 8 % of the MSRP.
  const incentive = Math.min(incentiveDrawn, Math.floor((msrp * 0.08) / 100) * 100);
  const market = marketValue({
    cls: priceClass(mo.makeCode, mo, fuel),
    msrp,
    listingType,
    year: c.year[i],
    currentYear: c.currentYear,
    miles: c.mileage[i],
    incentive,
    floorSpread: unit(c.seed, i, 0x464c52),
  });
  const style = unit(c.seed, i, 0x535459);
  let price: number;
  if (listingType === 'NEW') {
    // Usually a few percent under the MSRP; a sought-after one up to 2 % over.
    const discount = Math.min(0.1, Math.max(-0.02, NEW_DISCOUNT + deviation * 0.025));
    price = askingPrice(msrp * (1 - discount) - incentive, 'new', style);
  } else {
    const spread = Math.min(0.2, Math.max(-0.18, deviation * 0.07));
    price = askingPrice(market * (1 + spread), privateSeller ? 'private' : 'dealer', style);
  }
  price = Math.min(price, priceCeiling(msrp, listingType));
  c.price[i] = price;
  c.msrp[i] = msrp;
  c.incentive[i] = incentive;
  c.deal[i] = dealRating(price, market, listingType);
}

export function listingId(i: number): string {
  return String(700000000 + i);
}

export function indexOfId(c: Catalogue, id: string): number {
  if (!/^\d{9}$/.test(id)) return -1;
  const i = Number(id) - 700000000;
  return i >= 0 && i < c.size ? i : -1;
}

export function ownerObject(c: Catalogue, oi: number, distance?: number): Owner {
  const o = c.owners[oi];
  const home = HOME_SERVICES.filter((_, h) => o.homeServices & (1 << h)).map((h) => h.code);
  const owner: Owner = {
    id: o.id,
    name: o.name,
    privateSeller: o.privateSeller,
    location: {
      address: { address1: o.privateSeller ? undefined : `${100 + (oi % 800)} Main St`, city: o.city, state: o.state, zip: o.zip },
    },
    hideEmailForm: o.hideEmailForm,
  };
  if (!o.privateSeller) {
    owner.logo = { src: `/images/owner/${o.id}.svg` };
    owner.images = { sources: [{ src: `/images/owner/${o.id}.svg`, alt: `${o.name} logo` }] };
    owner.phone = { value: `(555) ${String(200 + (oi % 700)).padStart(3, '0')}-${String(1000 + ((oi * 37) % 9000)).slice(0, 4)}` };
    owner.website = { href: `https://dealer-${o.id}.example` };
    owner.rating = { value: o.rating, count: o.ratingCount };
    owner.homeServices = home;
    owner.dealerDiff = { tagline: `Why buy from ${o.name}`, contentId: `dd-${oi}`, tile: 'dealer-difference' };
    if (home.includes('HOME_DELIVERY')) owner.shippingLabel = 'Home delivery available';
  }
  if (o.moneyBackGuarantee) owner.moneyBackGuarantee = true;
  if (distance !== undefined) owner.distanceFromSearch = Math.round(distance * 100) / 100;
  return owner;
}

export function listingObject(c: Catalogue, i: number): Listing {
  const mo = c.models[c.model[i]];
  const trim = mo.trims[c.trim[i]];
  const lt = LTYPES[c.ltype[i]];
  const cond = lt === 'NEW' ? 'New' : lt === 'CERTIFIED' ? 'Certified' : 'Used';
  const pkgName = c.pkg[i] ? mo.packages[c.pkg[i] - 1] : null;
  const title = `${cond} ${c.year[i]} ${mo.makeName} ${mo.name} ${trim}${pkgName ? ` w/ ${pkgName}` : ''}`;
  const id = listingId(i);
  const ext = EXTERIOR_COLORS[c.ext[i]];
  const fuel = FUEL_OPTIONS[c.fuel[i]];
  const drive = DRIVE_GROUPS[c.drive[i]];
  const cyl = CYLINDERS[c.cyl[i]];
  const urgency = URGENCY[c.urgency[i]];
  const vhrOwner = c.owners[c.owner[i]];
  const spin = spinId(c.seed, i, c.owner[i], vhrOwner.privateSeller, lt === 'NEW');
  // A vehicle highlight shows up to 4 photos; a listing with a 360° spin has its photos taken
  // around the car, the frames the page's viewer turns through.
  const images = urgency || spin ? 4 : 1;
  const listing: Listing = {
    id,
    vin: c.vins[i],
    title,
    ownerId: vhrOwner.id,
    listingType: lt,
    year: c.year[i],
    make: { code: mo.makeCode, name: mo.makeName },
    model: { code: mo.code, name: mo.name },
    trim: { code: trimCode(trim), name: trim },
    seriesCode: mo.series ? SERIES[mo.series - 1].code : undefined,
    packages: pkgName ? [pkgName] : [],
    bodyStyles: [{ code: BODY_STYLES[c.body[i]].code, name: BODY_STYLES[c.body[i]].label }],
    bodyStyleSubtype: SUBTYPES[c.subtype[i]].code || undefined,
    fuelType: { code: fuel.code, name: fuel.label },
    driveType: { code: drive.code, name: drive.label },
    transmission: { code: TRANSMISSIONS[c.trans[i]].code, name: TRANSMISSIONS[c.trans[i]].label },
    engine: {
      code: cyl.code,
      name: cyl.code === 'ELECTRIC' ? 'Electric' : `${(c.displacement[i] / 10).toFixed(1)}L ${cyl.label}`,
      cylinders: cyl.code === 'ELECTRIC' ? 0 : parseInt(cyl.code, 10),
      displacement: c.displacement[i] / 10,
    },
    doors: parseInt(DOORS[c.doors[i]].code, 10),
    seats: Number(SEATING[c.seats[i]].code),
    color: { exteriorColorSimple: ext.label, interiorColorSimple: INTERIOR_COLORS[c.int[i]].label },
    mileage: { value: c.mileage[i], label: `${formatNumber(c.mileage[i])} miles` },
    specifications: {
      mileage: `${formatNumber(c.mileage[i])} miles`,
      mpg: { city: c.mpgCity[i], highway: c.mpgHwy[i] },
      mileRange: c.evRange[i] || undefined,
      engine: cyl.label,
      driveType: drive.label,
    },
    pricingDetail: {
      salePrice: c.price[i],
      msrp: c.msrp[i],
      incentive: c.incentive[i] || undefined,
      dealIndicator: DEALS[c.deal[i]],
      payments: payments(c.price[i], lt),
    },
    paymentServices: { paymentCalculationUrl: `/cars-for-sale/payments/${id}`, incentivesUrl: `/cars-for-sale/incentives/${id}` },
    images: {
      sources: Array.from({ length: images }, (_, k) => ({
        src: `/images/listing/${id}${k ? `-${k}` : ''}.png`,
        alt: `${c.year[i]} ${mo.makeName} ${mo.name} ${trim} in ${ext.label}${k ? `, view ${k + 1}` : ''}`,
      })),
      primary: 0,
    },
    vdpBaseUrl: `/cars-for-sale/vehicle/${id}`,
    phone: vhrOwner.privateSeller ? undefined : `(555) 01${String(c.owner[i] % 100).padStart(2, '0')}`,
    hasSpecialOffer: c.incentive[i] > 0,
    isHot: c.daysListed[i] < 3 && c.deal[i] <= 1,
    isReducedPrice: c.reduced[i] === 1,
    features: FEATURES.filter((_, f) => c.features[i] & (1 << f)).map((f) => f.code),
    vehicleHistory: HISTORY.filter((_, h) => c.history[i] & (1 << h)).map((h) => h.code),
    vehicleType: VEHICLE_TYPES[c.vehicleType[i]].code || undefined,
    vehicleUseType: c.use[i] ? 'COMMERCIAL' : 'PERSONAL',
    moneyBackGuarantee: c.moneyBack[i] === 1,
    truckBedLength: BED_LENGTHS[c.bed[i]].code || undefined,
    truckCabSize: CAB_SIZES[c.cab[i]].code || undefined,
    certifiedProduct: lt === 'CERTIFIED' ? (mo.makeCode === 'FORD' ? 'FORD_GOLD_CERT' : `${mo.makeCode}_CPO`) : undefined,
    esntial: { eligibilityService: !vhrOwner.privateSeller && (vhrOwner.homeServices & 1) === 1 },
  };
  const views = viewCounts(c.vins[i], c.now()).atc;
  if (views > 0) listing.viewCount = views;
  if (spin) listing.fyuseId = spin;
  const parent = c.ownerParent[c.owner[i]];
  if (parent >= 0) {
    // designed: the DMA matches when the dealer and its parent store are in the same state.
    const parentRow = c.owners[parent];
    listing.marketExtension = { parentOwnerId: parentRow.id, imeDmaMatch: parentRow.state === vhrOwner.state };
  }
  if (urgency) {
    listing.vehicleHighlight = { isVehicleHighlight: true, urgencyDriverType: urgency, urgencyDriverValue: urgencyValue(urgency, c, i) };
  }
  return listing;
}

export function trimCode(trim: string): string {
  return trim.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

function urgencyValue(type: string, c: Catalogue, i: number): string {
  switch (type) {
    case 'DEALER_INCENTIVE':
    case 'INCENTIVES':
      return `$${formatNumber(c.incentive[i] || 500)} off`;
    case 'PRICE_REDUCED':
      return `Reduced $${formatNumber(250 + (i % 8) * 125)}`;
    case 'NEWLY_LISTED':
      return `Listed ${c.daysListed[i]} days ago`;
    case 'WARRANTY':
      return 'Warranty included';
    default:
      return '7-day return';
  }
}
