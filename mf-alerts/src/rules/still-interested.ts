/**
 * The still-interested alert (page-furniture §4 Still-interested alert, §6, §7, §9): which vehicles
 * of the shopper's browsing history it names, whether it shows, each vehicle's reason, and the
 * title cut.
 */
import { LIMITS, type PageListing } from '@cfs/contracts';
import { MAX_YEARS_AHEAD, MIN_MODEL_YEAR, SEARCH_PATH, serializeQuery } from '@cfs/search-query';

export type StillInterestedReason = 'reduced' | 'numviewed' | 'goodgreatprice' | 'interested';

/** The reason shown for a vehicle: reduced price, more than 3 viewers, a Great or Good deal, else interested. */
export function stillInterestedReason(listing: Pick<PageListing, 'isReducedPrice' | 'viewCount' | 'pricingDetail'>): StillInterestedReason {
  if (listing.isReducedPrice) return 'reduced';
  if (typeof listing.viewCount === 'number' && listing.viewCount > LIMITS.stillInterestedViewers) return 'numviewed';
  const deal = listing.pricingDetail?.dealIndicator?.toLowerCase() ?? '';
  if (/^(great|good)/.test(deal)) return 'goodgreatprice';
  return 'interested';
}

/**
 * The listings of the current results that the browsing history names and that were not already
 * dismissed, in result order, at most 10.
 */
export function stillInterestedVehicles(
  historyVins: readonly string[],
  listings: readonly PageListing[],
  dismissed: readonly string[],
): PageListing[] {
  const wanted = new Set(historyVins.map((v) => v.toUpperCase()));
  const gone = new Set(dismissed.map((v) => v.toUpperCase()));
  const seen = new Set<string>();
  const out: PageListing[] = [];
  for (const l of listings) {
    const vin = typeof l.vin === 'string' ? l.vin.toUpperCase() : '';
    if (!vin || !wanted.has(vin) || gone.has(vin) || seen.has(vin)) continue;
    seen.add(vin);
    out.push(l);
    if (out.length === LIMITS.stillInterestedVehicles) break;
  }
  return out;
}

/** Shown if there are active results, a vehicle not already dismissed, and the alert is not closed. */
export function stillInterestedShows(ctx: { activeResults: number; vehicles: number; closed: boolean }): boolean {
  return ctx.activeResults > 0 && ctx.vehicles > 0 && !ctx.closed;
}

/** The title cut with an ellipsis at `max` characters (40 on narrow screens, 50 otherwise). */
export function truncateTitle(title: string, max: number): string {
  const chars = [...title];
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : title;
}

export interface YearLink {
  year: number;
  href: string;
}

/**
 * The year links (page-furniture §9: up to 11). designed: searches of the first vehicle's make and
 * model, one model year each: its own year and up to 5 either side, oldest first, within the model
 * years a search accepts (MIN_MODEL_YEAR to the current year + MAX_YEARS_AHEAD). None for a vehicle
 * without a make, a model or a whole year.
 */
export function stillInterestedYearLinks(vehicle: Pick<PageListing, 'year' | 'make' | 'model'>, currentYear: number): YearLink[] {
  const { year } = vehicle;
  const make = vehicle.make?.code;
  const model = vehicle.model?.code;
  if (!make || !model || !Number.isSafeInteger(year)) return [];
  const side = Math.floor((LIMITS.stillInterestedYearLinks - 1) / 2);
  const last = currentYear + MAX_YEARS_AHEAD;
  const links: YearLink[] = [];
  for (let y = year - side; y <= year + side && links.length < LIMITS.stillInterestedYearLinks; y++) {
    if (y < MIN_MODEL_YEAR || y > last) continue;
    links.push({ year: y, href: `${SEARCH_PATH}?${serializeQuery({ makeCode: [make], modelCode: [model], startYear: y, endYear: y })}` });
  }
  return links;
}
