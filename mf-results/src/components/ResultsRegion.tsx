import { ResultsGrid } from './ResultsGrid';
import { ListingActionsProvider } from './ListingActions';
import './listing-actions.css';

/**
 * The region's root: the results grid inside the listing actions, so every card of the grid (and
 * of the supplemental and similar sections) opens the region's one dialog host.
 */
export function ResultsRegion() {
  return (
    <ListingActionsProvider>
      <ResultsGrid />
    </ListingActionsProvider>
  );
}
