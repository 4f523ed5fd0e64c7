import type { PageListing } from '@cfs/contracts';
import { usePublish } from '@cfs/remote-kit';
import { displayTitle, priceText, primaryImage, vdpHref } from '@cfs/search-query';

/** One dealer vehicle: image, title linking to its detail page, price and mileage. The showcase
 * sits above the results, so its image is not lazy. Price, image and link follow search-query's
 * rules, the same as every listing on the page. Following the link is a sponsor click
 * (page-furniture §7). */
export function VehicleCard({ listing }: { listing: PageListing }) {
  const publish = usePublish();
  const title = displayTitle(listing.title);
  const image = primaryImage(listing, title);
  const href = vdpHref(listing.vdpBaseUrl, 'spotlight');
  return (
    <div className="shw-vehicle">
      {image && <img className="shw-vehicle-img" src={image.src} alt={image.alt} width={220} height={146} fetchPriority="high" />}
      <h3 className="shw-vehicle-title">
        {href ? (
          <a
            href={href}
            onClick={() =>
              publish('shell:page-event', {
                type: 'showcase:sponsor-click',
                ownerId: listing.ownerId,
                target: 'vehicle',
                listingId: listing.id,
              })
            }
          >
            {title}
          </a>
        ) : (
          title
        )}
      </h3>
      <p className="shw-vehicle-price">{priceText(listing.pricingDetail?.salePrice)}</p>
      {listing.mileage?.label && <p className="shw-vehicle-miles">{listing.mileage.label}</p>}
    </div>
  );
}
