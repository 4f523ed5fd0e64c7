import { useId } from 'react';
import type { CompareItem, FeatureFlags } from '@cfs/contracts';
import { useGatewayData } from '@cfs/remote-kit';
import { ListingCard } from './ListingCard';
import { compareCta, EAGER_LISTINGS } from '../rules/grid';
import { ELIGIBILITY_READ, eligibilityUrl, readEligibility } from '../rules/eligibility';
import { endCardsShown, type EndListing } from '../rules/end-of-results';
import { END_MORE_ATTR } from '../rules/markup';

interface Props {
  heading: string;
  entries: EndListing[];
  /** This render is the first paint (the server's, or the one hydrating it): only the first cards (rules/end-of-results.ts). */
  firstPaint: boolean;
  compareOn: boolean;
  compareItems: CompareItem[];
  flags?: FeatureFlags;
}

/**
 * One labelled section of listings after the last page (supplemental or similar): a region named
 * by its heading, holding a list of the grid's listing cards. Nothing at all when it has none. Its
 * first paint holds its first cards only, the list marked so the region's code is asked for as the
 * shopper nears their end (endCardsShown).
 */
export function EndListingsSection({ heading, entries, firstPaint, compareOn, compareItems, flags }: Props) {
  const headingId = useId();
  if (entries.length === 0) return null;
  const { shown, cut } = endCardsShown(entries, firstPaint);
  return (
    <section className="res-end-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="res-end-heading">
        {heading}
      </h2>
      <ul className="res-list" aria-labelledby={headingId} {...(cut ? { [END_MORE_ATTR]: '' } : {})}>
        {shown.map((e) => (
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
function EndCard({ entry, compareOn, compareItems, flags }: Omit<Props, 'heading' | 'entries' | 'firstPaint'> & { entry: EndListing }) {
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
