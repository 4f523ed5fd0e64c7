import { memo } from 'react';
import type { CompareItem, FeatureFlags } from '@cfs/contracts';
import { useGatewayData } from '@cfs/remote-kit';
import { ListingCard } from './ListingCard';
import { AdSlot } from './AdSlot';
import { PromoSlot } from './PromoSlot';
import { WalletCard } from './WalletCard';
import { HighlightCarousel } from './HighlightCarousel';
import { compareCta } from '../rules/grid';
import { ELIGIBILITY_READ, eligibilityUrl, readEligibility } from '../rules/eligibility';
import type { ListingSlot, Slot } from '../rules/slots';

interface Props {
  slot: Slot;
  /** Position in the grid. */
  index: number;
  /** Whether the cell's photo loads eagerly (grid.ts eagerImageCells). */
  eager?: boolean;
  compareOn: boolean;
  compareItems: CompareItem[];
  /** The brand's flags, handed to every card as the same object. */
  flags?: FeatureFlags;
}

/**
 * What one cell of the grid shows, by the kind of slot placed there (slots.ts). Memoised: the
 * list renders again when a search starts or when it measures its rows, and a cell whose slot,
 * place, compare state and flags are the same does not.
 */
export const SlotCell = memo(function SlotCell({ slot, index, eager, compareOn, compareItems, flags }: Props) {
  switch (slot.kind) {
    case 'ad':
      return <AdSlot ad={slot.ad} number={slot.number} />;
    case 'filter-promo':
      return <PromoSlot />;
    case 'wallet':
      return <WalletCard />;
    case 'carousel':
      return <HighlightCarousel slot={slot} flags={flags} />;
    default:
      return <ListingCell slot={slot} index={index} eager={eager} compareOn={compareOn} compareItems={compareItems} flags={flags} />;
  }
});

/** A listing's card, with its eligibility to buy online (one call per listing; failure: ineligible). */
function ListingCell({ slot, index, eager, compareOn, compareItems, flags }: Omit<Props, 'slot'> & { slot: ListingSlot }) {
  const url = eligibilityUrl(slot.listing, flags);
  const eligibility = useGatewayData(url, readEligibility, ELIGIBILITY_READ);
  return (
    <ListingCard
      listing={slot.listing}
      owner={slot.owner}
      index={index}
      eager={eager}
      tier={slot.tier}
      flags={flags}
      eligible={url ? eligibility.data === true || null : false}
      compare={compareCta(compareOn, compareItems, slot.listing.id)}
    />
  );
}
