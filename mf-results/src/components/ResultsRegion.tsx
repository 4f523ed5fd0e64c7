import { ResultsGrid } from './ResultsGrid';
import { ListingActionsProvider } from './ListingActions';
import { WalletPopover, WalletProvider } from './WalletPopover';
import './listing-actions.css';

/**
 * The region's root: the results grid inside the listing actions, so every card of the grid (and
 * of the supplemental and similar sections) opens the region's one dialog host; the wallet's
 * budget is shared by the grid's wallet card and the 'My Wallet' popover above the grid.
 */
export function ResultsRegion() {
  return (
    <ListingActionsProvider>
      <WalletProvider>
        <WalletPopover />
        <ResultsGrid />
      </WalletProvider>
    </ListingActionsProvider>
  );
}
