import type { Listing } from '@cfs/contracts';
import { MESSAGES } from '@cfs/contracts';
import { usePublish } from '@cfs/remote-kit';
import type { CompareCta } from '../rules/grid';

/**
 * A card's compare call-to-action (the rule that decides `cta` is `compareCta` in rules/grid.ts).
 * Its accessible name is exactly 'Add to Compare' / 'Added to Compare'; the vehicle title is
 * its description (aria-describedby), so a screen reader still says which vehicle it is.
 */
export function CompareButton({ listing, cta, describedBy }: { listing: Listing; cta: CompareCta; describedBy: string }) {
  const publish = usePublish();
  if (cta === 'hidden') return null;
  const added = cta === 'added';
  return (
    <button
      type="button"
      className="res-compare"
      disabled={added}
      aria-describedby={describedBy}
      onClick={() => publish('compare:add', { listing })}
    >
      {added ? MESSAGES.addedToCompare : MESSAGES.addToCompare}
    </button>
  );
}
