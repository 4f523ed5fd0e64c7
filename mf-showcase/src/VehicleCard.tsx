import type { Listing } from '@cfs/contracts';
import { displayTitle, formatPrice } from '@cfs/search-query';
import { safeHref, vdpHref } from './links';

/** Shown when a listing has no sale price (not shown in the spec; our text). */
export const NO_PRICE = 'Contact dealer for price';

/** One dealer vehicle: image, title linking to its detail page, price and mileage. The showcase
 * sits above the results, so its image is not lazy. */
export function VehicleCard({ listing }: { listing: Listing }) {
  const title = displayTitle(listing.title);
  const image = listing.images?.sources?.[listing.images.primary] ?? listing.images?.sources?.[0];
  const src = safeHref(image?.src);
  const href = vdpHref(listing);
  const price = listing.pricingDetail?.salePrice;
  return (
    <div className="shw-vehicle">
      {src && <img className="shw-vehicle-img" src={src} alt={image?.alt || title} width={220} height={146} fetchPriority="high" />}
      <h3 className="shw-vehicle-title">{href ? <a href={href}>{title}</a> : title}</h3>
      <p className="shw-vehicle-price">{price != null ? formatPrice(price) : NO_PRICE}</p>
      {listing.mileage?.label && <p className="shw-vehicle-miles">{listing.mileage.label}</p>}
    </div>
  );
}
