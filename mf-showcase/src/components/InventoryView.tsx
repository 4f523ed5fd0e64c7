import { MESSAGES, type PageListing, type PageOwner } from '@cfs/contracts';
import { VehicleCard } from './VehicleCard';

/** The 'inventory' context: the showcase listing, with the dealer shown as 'Sponsored by <name>'. */
export function InventoryView({ headingId, listing, owner }: { headingId: string; listing: PageListing; owner: PageOwner }) {
  return (
    <div className="shw-inventory">
      <h2 id={headingId} className="shw-heading">
        {MESSAGES.sponsoredBy} {owner.name}
      </h2>
      <VehicleCard listing={listing} />
    </div>
  );
}
