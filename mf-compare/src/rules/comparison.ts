/**
 * The comparison view's rules (issue: "compare that compares"; spec: search-results §4 Compare,
 * page-furniture §4 Compare): which rows a side-by-side comparison shows, and each compared
 * listing's values as the page shows them. Values come from the listing carried by `compare:add`
 * and its owner in the search result on the bus, never from the page's DOM.
 */
import type { CompareItem, PageListing, PageOwner } from '@cfs/contracts';
import {
  displayTitle,
  electricRangeText,
  formatNumber,
  fuelEconomyText,
  paymentText,
  priceText,
  roundDistance,
  vdpHref,
} from '@cfs/search-query';

/** The rows of the comparison, in order: the row header a screen reader reads, and its key. */
export const COMPARE_ROWS = [
  { key: 'price', label: 'Price' },
  { key: 'payment', label: 'Payment' },
  { key: 'year', label: 'Year' },
  { key: 'mileage', label: 'Mileage' },
  { key: 'trim', label: 'Trim' },
  { key: 'engine', label: 'Engine' },
  { key: 'drive', label: 'Drive type' },
  { key: 'fuel', label: 'Fuel type' },
  { key: 'economy', label: 'Fuel economy' },
  { key: 'colors', label: 'Colors' },
  { key: 'seller', label: 'Seller' },
  { key: 'distance', label: 'Distance' },
] as const;

export type CompareRowKey = (typeof COMPARE_ROWS)[number]['key'];

/** Said in a cell the listing gives no value for. designed: a word, not a dash a screen reader spells out. */
export const NOT_LISTED = 'Not listed';

/** One compared listing: its column header (title, link, image) and a text per row. */
export interface ComparedVehicle {
  id: string;
  title: string;
  /** Its vehicle page (search-query's vdpHref), when the listing has a safe base URL. */
  href: string | null;
  image: string | null;
  values: Record<CompareRowKey, string>;
}

const text = (v: unknown): string => (typeof v === 'string' && v.trim() ? v.trim() : NOT_LISTED);

function economy(listing: PageListing): string {
  const range = electricRangeText(listing);
  const parts = [fuelEconomyText(listing), range && `${range} of electric range`].filter(Boolean);
  return parts.length ? parts.join('; ') : NOT_LISTED;
}

function colors(listing: PageListing): string {
  const ext = listing.color?.exteriorColorSimple;
  const int = listing.color?.interiorColorSimple;
  const parts = [ext && `${ext} exterior`, int && `${int} interior`].filter(Boolean);
  return parts.length ? parts.join(', ') : NOT_LISTED;
}

function payment(listing: PageListing): string {
  return paymentText(listing.pricingDetail?.payments, true) ?? NOT_LISTED;
}

/** A listing as the comparison shows it; `owner` is its seller from the search result (when known). */
export function comparedVehicle(listing: PageListing, item: CompareItem, owner?: PageOwner): ComparedVehicle {
  const distance = owner?.distanceFromSearch;
  return {
    id: listing.id,
    title: item.title || displayTitle(listing.title),
    href: vdpHref(listing.vdpBaseUrl, 'listing') ?? null,
    image: item.image,
    values: {
      price: priceText(listing.pricingDetail?.salePrice),
      payment: payment(listing),
      year: listing.year ? String(listing.year) : NOT_LISTED,
      mileage: typeof listing.mileage?.value === 'number' ? `${formatNumber(listing.mileage.value)} miles` : NOT_LISTED,
      trim: text(listing.trim?.name),
      engine: text(listing.engine?.name ?? listing.specifications?.engine),
      drive: text(listing.driveType?.name ?? listing.specifications?.driveType),
      fuel: text(listing.fuelType?.name),
      economy: economy(listing),
      colors: colors(listing),
      seller: owner ? text(owner.privateSeller ? `${owner.name} (private seller)` : owner.name) : NOT_LISTED,
      distance:
        typeof distance === 'number' && Number.isFinite(distance) ? `${formatNumber(roundDistance(distance), 2)} miles away` : NOT_LISTED,
    },
  };
}

/** A column for an item whose listing the drawer never saw (only what the compare item carries). */
export function vehicleFromItem(item: CompareItem): ComparedVehicle {
  const values = Object.fromEntries(COMPARE_ROWS.map((r) => [r.key, NOT_LISTED])) as Record<CompareRowKey, string>;
  values.price = priceText(item.price);
  if (item.year) values.year = String(item.year);
  return { id: item.id, title: item.title, href: null, image: item.image, values };
}

/** The rows shown for a brand: the payment row only where payments are on (feature flag `payments`). */
export function rowsFor(flags: { payments?: boolean }) {
  return COMPARE_ROWS.filter((r) => r.key !== 'payment' || flags.payments !== false);
}
