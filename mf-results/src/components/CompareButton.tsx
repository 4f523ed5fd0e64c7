import type { PageListing } from '@cfs/contracts';
import { MESSAGES } from '@cfs/contracts';
import { Button, usePublish } from '@cfs/remote-kit';
import { compareCtaUnder, type CompareCta } from '../rules/grid';
import { useListingActions } from './ListingActions';

/**
 * A card's compare call-to-action (the rule that decides `cta` is `compareCta` in rules/grid.ts,
 * under the brand's compare reading). Its accessible name is exactly 'Add to Compare' / 'Added to
 * Compare'; the vehicle title is its description (aria-describedby), so a screen reader still says
 * which vehicle it is. Search-results' reading: once added it is disabled. Page-furniture's
 * reading: it stays a pressed toggle and a second click publishes the removal the drawer handles.
 */
export function CompareButton({ listing, cta, describedBy }: { listing: PageListing; cta: CompareCta; describedBy: string }) {
  const publish = usePublish();
  const reading = useListingActions()?.compareReading;
  const shown = reading ? compareCtaUnder(cta, reading) : cta;
  if (shown === 'hidden') return null;
  if (shown === 'remove') {
    return (
      <Button
        className="res-compare"
        aria-pressed="true"
        aria-describedby={describedBy}
        onClick={() => publish('compare:remove', { listingId: listing.id })}
      >
        {MESSAGES.addedToCompare}
      </Button>
    );
  }
  const added = shown === 'added';
  return (
    <Button className="res-compare" disabled={added} aria-describedby={describedBy} onClick={() => publish('compare:add', { listing })}>
      {added ? MESSAGES.addedToCompare : MESSAGES.addToCompare}
    </Button>
  );
}
