import { useId } from 'react';
import type { CompareItem, FeatureFlags } from '@cfs/contracts';
import { useGatewayData } from '@cfs/remote-kit';
import { ListingCard } from './ListingCard';
import { compareCta, EAGER_LISTINGS } from '../rules/grid';
import { ELIGIBILITY_READ, eligibilityUrl, readEligibility } from '../rules/eligibility';
import type { EndListing } from '../rules/end-of-results';

interface Props {
  heading: string;
  entries: EndListing[];
  compareOn: boolean;
  compareItems: CompareItem[];
  flags?: FeatureFlags;
}

/**
 * One labelled section of listings after the last page (supplemental or similar): a region named
 * by its heading, holding a list of the grid's listing cards. Nothing at all when it has none.
 */
export function EndListingsSection({ heading, entries, compareOn, compareItems, flags }: Props) {
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section className="res-end-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="res-end-heading">
        {heading}
      </h2>
      <ul className="res-list" aria-labelledby={headingId}>
        {entries.map((e) => (
          <li key={e.listing.id} className="res-cell">
            <EndCard entry={e} compareOn={compareOn} compareItems={compareItems} flags={flags} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A listing's card with its compare state and eligibility to buy online, as in the grid's cells.
 * These come after the whole result set, so their photos load lazily.
 */
function EndCard({ entry, compareOn, compareItems, flags }: Omit<Props, 'heading' | 'entries'> & { entry: EndListing }) {
  const url = eligibilityUrl(entry.listing, flags);
  const eligibility = useGatewayData(url, readEligibility, ELIGIBILITY_READ);
  return (
    <ListingCard
      listing={entry.listing}
      owner={entry.owner}
      index={EAGER_LISTINGS}
      flags={flags}
      eligible={url ? eligibility.data === true || null : false}
      compare={compareCta(compareOn, compareItems, entry.listing.id)}
    />
  );
}
