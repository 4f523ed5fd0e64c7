import { useId, useState } from 'react';
import { MESSAGES } from '@cfs/contracts';
import { usePublish, Button } from '@cfs/remote-kit';
import type { Showcase } from '../rules/spotlight';
import type { ShowcaseContext } from '../rules/showcase-context';
import { InventoryView } from './InventoryView';
import { OwnerView } from './OwnerView';
import { Carousel } from './Carousel';

/**
 * The showcase in its context, with the 'View Vehicles'/'Hide Vehicles' toggle and Hide. Opening
 * and closing the carousel are page events (page-furniture §7).
 */
export function ShowcaseCard({
  showcase,
  context,
  onHide,
  cardRef,
}: {
  showcase: Showcase;
  context: ShowcaseContext;
  onHide: () => void;
  /** Given the card's element (its height is kept for the placeholder that replaces it). */
  cardRef?: (el: HTMLElement | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const publish = usePublish();
  const headingId = useId();
  const carouselId = useId();
  const { listing, owner, vehicles } = showcase;
  const toggle = () => {
    publish('shell:page-event', { type: 'showcase:carousel', ownerId: owner.id, action: open ? 'close' : 'open' });
    setOpen(!open);
  };
  return (
    <article ref={cardRef} className="shw-card" data-context={context} aria-labelledby={headingId}>
      <div className="shw-body">
        {context === 'inventory' ? (
          <InventoryView headingId={headingId} listing={listing} owner={owner} />
        ) : (
          <OwnerView headingId={headingId} owner={owner} vehicles={vehicles} />
        )}
        <div className="shw-actions">
          {vehicles.length > 0 && (
            <Button aria-expanded={open} aria-controls={carouselId} onClick={toggle}>
              {open ? MESSAGES.hideVehicles : MESSAGES.viewVehicles}
            </Button>
          )}
          <Button className="shw-hide" onClick={onHide}>
            {MESSAGES.hide}
          </Button>
        </div>
      </div>
      {vehicles.length > 0 && <Carousel id={carouselId} open={open} owner={owner} vehicles={vehicles} />}
    </article>
  );
}
