import { LIMITS, MESSAGES, type PageListing, type PageOwner } from '@cfs/contracts';
import { usePublish, useShared } from '@cfs/remote-kit';
import { roundDistance, safeHref } from '@cfs/search-query';
import { ownerInventoryHref } from '../rules/spotlight';
import { VehicleCard } from './VehicleCard';

/**
 * The 'owner' context: 'Featured Dealer Near You', the dealer, 'View All Cars' (flag
 * ownerInventoryLink) and at most 2 vehicles. Following 'View All Cars' is a sponsor click
 * (page-furniture §7).
 */
export function OwnerView({ headingId, owner, vehicles }: { headingId: string; owner: PageOwner; vehicles: PageListing[] }) {
  const publish = usePublish();
  const inventoryLink = useShared((s) => s.brand.flags?.ownerInventoryLink === true);
  const logo = safeHref(owner.logo?.src);
  const { city, state } = owner.location?.address ?? { city: '', state: '' };
  return (
    <div className="shw-owner">
      <h2 id={headingId} className="shw-heading">
        {MESSAGES.featuredDealer}
      </h2>
      <div className="shw-dealer">
        {logo && <img className="shw-dealer-logo" src={logo} alt="" width={96} height={48} />}
        <p className="shw-dealer-name">{owner.name}</p>
        {(city || state) && (
          <p className="shw-dealer-place">
            {[city, state].filter(Boolean).join(', ')}
            {owner.distanceFromSearch != null && ` · ${roundDistance(owner.distanceFromSearch)} mi away`}
          </p>
        )}
        {inventoryLink && (
          <a
            className="shw-link"
            href={ownerInventoryHref(owner.id)}
            onClick={() => publish('shell:page-event', { type: 'showcase:sponsor-click', ownerId: owner.id, target: 'view-all' })}
          >
            {MESSAGES.viewAllCars}
          </a>
        )}
      </div>
      <ul className="shw-vehicles" aria-label={`Vehicles from ${owner.name}`}>
        {vehicles.slice(0, LIMITS.showcaseOwnerVehicles).map((l) => (
          <li key={l.id}>
            <VehicleCard listing={l} />
          </li>
        ))}
      </ul>
    </div>
  );
}
