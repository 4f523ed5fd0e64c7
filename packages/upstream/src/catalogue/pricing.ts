/**
 * How the catalogue prices a vehicle, in one place: the new price (MSRP) of a trim in a model
 * year with its options, what the same trim, year and mileage is worth on the market
 * (depreciation by age, steep in the first years and flatter later, and by mileage against
 * about 13,000 miles a year), how dealers and private sellers round an asking price, the deal
 * rating (asking price against that market value) and the monthly payment that follows from a
 * price. generate.ts calls these per listing; nothing else prices a vehicle.
 */
import type { ListingType } from '@cfs/contracts';
import type { ModelSpec } from './vehicles';

/** How a kind of vehicle loses value. */
export type PriceClass = 'mainstream' | 'truck' | 'luxury' | 'electric' | 'sports' | 'commercial';

interface Curve {
  /** Share of the MSRP lost over the first year. */
  firstYear: number;
  /** Rate of the later, flatter decline: exp(-k * (years after the first) ^ 0.9). */
  k: number;
  /** Lowest market value of a running vehicle of the class (each listing spreads it). */
  floor: number;
}

/**
 * Tuned to keep about 64 % of the MSRP after five years for mainstream cars, 66 % for pickups,
 * 42 % for luxury cars and 40 % for electric and hydrogen ones.
 */
const CURVES: Record<PriceClass, Curve> = {
  mainstream: { firstYear: 0.13, k: 0.088, floor: 4000 },
  truck: { firstYear: 0.12, k: 0.083, floor: 7000 },
  luxury: { firstYear: 0.22, k: 0.178, floor: 5500 },
  electric: { firstYear: 0.25, k: 0.181, floor: 5500 },
  sports: { firstYear: 0.12, k: 0.1, floor: 8000 },
  commercial: { firstYear: 0.15, k: 0.125, floor: 6500 },
};

/** Miles a year a used vehicle is expected to have driven. */
export const MILES_PER_YEAR = 13_000;
/** New prices rise by about this much each model year. */
const MSRP_PER_YEAR = 0.025;
/** Certified programs' premium over the same vehicle uncertified. */
const CERTIFIED_PREMIUM: Record<ListingType, number> = { NEW: 0, USED: 0, CERTIFIED: 0.045, '3P_CERT': 0.02 };
/** A new vehicle usually sells this far under its MSRP (before incentives). */
export const NEW_DISCOUNT = 0.035;
/** No listing is offered above this share of its MSRP: a used one stays under it, a new one at most 2 % over. */
const USED_CEILING: Record<ListingType, number> = { NEW: 1.02, USED: 0.97, CERTIFIED: 1, '3P_CERT': 0.98 };

/** The highest asking price (whole dollars) a listing of the type may carry, given its MSRP. */
export function priceCeiling(msrp: number, listingType: ListingType): number {
  return Math.floor(msrp * USED_CEILING[listingType]);
}

const LUXURY_MAKES = new Set(['BMW', 'MB']);

export function priceClass(makeCode: string, model: ModelSpec, fuel: string): PriceClass {
  if (fuel === 'ELE' || fuel === 'HYD') return 'electric';
  if (model.subtype === 'CARGO_VAN') return 'commercial';
  if (LUXURY_MAKES.has(makeCode)) return 'luxury';
  if (model.body === 'TRUCKS') return 'truck';
  if (model.subtype === 'SPORTS_CAR') return 'sports';
  return 'mainstream';
}

/**
 * MSRP of one vehicle: the trim's price moved to the model year, plus what its drive, fuel and
 * package add; rounded to $5 like a window sticker.
 */
export function vehicleMsrp(
  model: ModelSpec,
  trim: number,
  year: number,
  currentYear: number,
  opts: { fuel: string; drive: string; packaged: boolean },
): number {
  const trimPrice = model.trimMsrp[trim] ?? model.base;
  let options = 0;
  const truck = model.body === 'TRUCKS' || model.subtype === 'CARGO_VAN';
  if (opts.drive === 'AWD4WD' && model.drives.length > 1) options += truck ? 3500 : 2000;
  if (model.fuels.length > 1 && opts.fuel !== model.fuels[0]) {
    options += opts.fuel === 'PIH' ? 8000 : opts.fuel === 'DSL' ? (truck ? 4500 : 3000) : opts.fuel === 'HYB' ? 2500 : 0;
  }
  if (opts.packaged) options += Math.max(995, Math.round(trimPrice * 0.03));
  const yearFactor = Math.pow(1 + MSRP_PER_YEAR, year - currentYear);
  return Math.round(((trimPrice + options) * yearFactor) / 5) * 5;
}

/** Years since the model year went on sale (a model year sells from mid-way through the year before). */
export function ageInYears(year: number, currentYear: number): number {
  return Math.max(0.25, currentYear - year + 0.5);
}

/** Share of its MSRP a vehicle of the class keeps at an age, at the expected mileage. */
export function retention(cls: PriceClass, age: number): number {
  const { firstYear, k } = CURVES[cls];
  if (age <= 1) return 1 - firstYear * age;
  return (1 - firstYear) * Math.exp(-k * Math.pow(age - 1, 0.9));
}

/** Value factor for mileage above (below 1) or under (above 1) what the age leads to expect. */
export function mileageFactor(miles: number, age: number): number {
  const excess = miles - MILES_PER_YEAR * age;
  return Math.min(1.15, Math.max(0.7, Math.exp((-0.03 * excess) / 10_000)));
}

/**
 * What the market pays for this vehicle: for a new one its MSRP less the usual discount and the
 * incentive; for a used one the depreciated MSRP for its age and mileage, with the certified
 * premium, never under the class's floor (spread by `floorSpread`, a number in [0, 1)).
 */
export function marketValue(v: {
  cls: PriceClass;
  msrp: number;
  listingType: ListingType;
  year: number;
  currentYear: number;
  miles: number;
  incentive?: number;
  floorSpread: number;
}): number {
  if (v.listingType === 'NEW') return v.msrp * (1 - NEW_DISCOUNT) - (v.incentive ?? 0);
  const age = ageInYears(v.year, v.currentYear);
  const worth = v.msrp * retention(v.cls, age) * mileageFactor(v.miles, age) * (1 + CERTIFIED_PREMIUM[v.listingType]);
  return Math.max(worth, CURVES[v.cls].floor * (0.85 + 0.5 * v.floorSpread));
}

/**
 * An asking price as sellers write it; `style` in [0, 1) picks the habit. Dealers: $23,495
 * (45 %), $23,500 (30 %), $22,995 (8 %) or to the dollar from a pricing tool (17 %); private
 * sellers: $23,500 or $23,250 steps; new vehicles: to the dollar (MSRP less the discount).
 */
export function askingPrice(value: number, seller: 'dealer' | 'private' | 'new', style: number): number {
  if (seller === 'new') return Math.round(value);
  if (seller === 'private') return style < 0.6 ? Math.round(value / 500) * 500 : Math.round(value / 250) * 250;
  if (style < 0.45) return Math.round(value / 100) * 100 - 5;
  if (style < 0.75) return Math.round(value / 100) * 100;
  if (style < 0.83) return Math.round(value / 1000) * 1000 - 5;
  return Math.round(value);
}

export const DEAL_RATINGS = ['GREAT', 'GOOD', 'FAIR', 'HIGH'] as const;

/**
 * The deal rating as an index into DEAL_RATINGS: the price against the market value of the same
 * trim, year and mileage. New vehicles sell in a narrower band, so their steps are narrower.
 */
export function dealRating(price: number, market: number, listingType: ListingType): number {
  const ratio = price / market;
  const [great, good, fair] = listingType === 'NEW' ? [0.97, 0.99, 1.02] : [0.92, 0.97, 1.06];
  return ratio <= great ? 0 : ratio <= good ? 1 : ratio <= fair ? 2 : 3;
}

/** Financing terms the estimated payment assumes, by listing type. */
const APR: Record<ListingType, number> = { NEW: 6.5, CERTIFIED: 7.5, '3P_CERT': 9.5, USED: 9.5 };
export const TERM_MONTHS = 72;
export const DOWN_PAYMENT = 0.1;

/** The estimated monthly payment of a price: 10 % down, the rest over 72 months at the type's APR. */
export function payments(
  price: number,
  listingType: ListingType,
): { monthly: number; termMonths: number; apr: number; downPayment: number } {
  const apr = APR[listingType];
  const down = Math.round(price * DOWN_PAYMENT);
  const rate = apr / 100 / 12;
  const monthly = Math.round(((price - down) * rate) / (1 - Math.pow(1 + rate, -TERM_MONTHS)));
  return { monthly, termMonths: TERM_MONTHS, apr, downPayment: down };
}
