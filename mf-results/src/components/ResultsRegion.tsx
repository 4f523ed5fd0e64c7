import { useShared, WantedNow } from '@cfs/remote-kit';
import { ResultsGrid } from './ResultsGrid';
import { ListingActionsProvider } from './ListingActions';
import { WalletPopover, WalletProvider } from './WalletPopover';
import './listing-actions.css';

/**
 * The region's root: the results grid inside the listing actions, so every card of the grid (and
 * of the supplemental and similar sections) opens the region's one dialog host; the wallet's
 * budget is shared by the grid's wallet card and the 'My Wallet' popover above the grid.
 *
 * The region's code waits for the shopper (awaiting/), except for a signed-in shopper: the cards'
 * saved marks and the lead profile are read in the browser, which only the region's code does,
 * so its server HTML asks for the code with the page (WantedNow).
 */
export function ResultsRegion() {
  const signedIn = useShared((s) => s.session.signedIn);
  return (
    <ListingActionsProvider>
      {signedIn ? <WantedNow /> : null}
      <WalletProvider>
        <WalletPopover />
        <ResultsGrid />
      </WalletProvider>
    </ListingActionsProvider>
  );
}
