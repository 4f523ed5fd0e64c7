import type { CompareItem, FeatureFlags } from '@cfs/contracts';
import { ListingCard } from './ListingCard';
import { compareCta } from '../rules/grid';
import type { Slot } from '../rules/slots';

interface Props {
  slot: Slot;
  /** Position in the grid (the first cells load their images eagerly). */
  index: number;
  compareOn: boolean;
  compareItems: CompareItem[];
  /** The brand's flags, handed to every card as the same object. */
  flags?: FeatureFlags;
}

/** What one cell of the grid shows, by the kind of slot placed there (slots.ts). */
export function SlotCell({ slot, index, compareOn, compareItems, flags }: Props) {
  return (
    <ListingCard
      listing={slot.listing}
      owner={slot.owner}
      index={index}
      tier={slot.tier}
      flags={flags}
      compare={compareCta(compareOn, compareItems, slot.listing.id)}
    />
  );
}
