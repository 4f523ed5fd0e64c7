import { useId, useRef } from 'react';
import { MESSAGES, type SearchSlice } from '@cfs/contracts';
import { useShared, Button } from '@cfs/remote-kit';
import { resultCountText } from '@cfs/search-query';
import { selectedChips } from '../rules/chips';
import { clearFilters } from '../rules/query-changes';
import { useApplyChange } from '../hooks/use-apply-change';
import { CloseIcon } from './CloseIcon';
import { SuggestedFilters } from './SuggestedFilters';
import { ShareSearch } from './ShareSearch';
import { SaveSearch } from './SaveSearch';

/**
 * The 'Your Search' card (page-furniture §2): 'Save Search' (saveSearch flag; the alerts remote
 * runs the save: SaveSearch.tsx), result count, selected-filter chips (behind the filterChips
 * flag), the suggested-filter chips (suggestedFilters flag), 'Clear Filters', and 'Share this
 * search' (the shareable-link modal).
 */
export function YourSearchCard({ search, makes }: { search: SearchSlice; makes: string[] }) {
  const apply = useApplyChange();
  const flags = useShared((s) => s.brand.flags);
  const brand = useShared((s) => s.brand.brand);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const chips = selectedChips(search.query, makes, search.result);

  return (
    <section className="flt-card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="flt-card-heading">
        {MESSAGES.yourSearch}
      </h2>
      <p role="status" className="flt-count">
        {search.result ? resultCountText(search.result.totalResultCount, brand, search.query.listingType) : ''}
      </p>
      {flags.filterChips && chips.length > 0 && (
        <ul className="flt-chips" aria-label="Selected filters">
          {chips.map((chip) => (
            <li key={chip.key} className="flt-chip">
              <span className="flt-chip-label">{chip.label}</span>
              <button
                type="button"
                className="flt-chip-remove"
                aria-label={`Remove ${chip.label}`}
                onClick={() => {
                  // The chip disappears with the new search; focus stays in the card.
                  if (apply(chip.remove)) heading.current?.focus();
                }}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SuggestedFilters search={search} />
      <div className="flt-card-actions">
        {flags.saveSearch && <SaveSearch query={search.query} />}
        <Button className="flt-clear" onClick={() => apply(clearFilters)}>
          {MESSAGES.clearFilters}
        </Button>
        <ShareSearch />
      </div>
    </section>
  );
}
