import { useRef } from 'react';
import { useFirstPaint, useShared } from '@cfs/remote-kit';
import { EndListingsSection } from './EndListingsSection';
import { EmailCapture } from './EmailCapture';
import { useEndListings } from '../hooks/use-end-listings';
import { END_TEXT } from '../rules/end-of-results';
import { END_OF_RESULTS_CLASS } from '../rules/markup';

interface Props {
  /**
   * Ids of every listing the grid shows beyond the search's own (tier listings such as new-car
   * boost), so none is repeated here. The search's own listings are always left out.
   */
  shownIds?: readonly string[];
}

/**
 * What follows the last page of a search (search-results §4, page-furniture §4): the supplemental
 * and similar listings, each in its own labelled section, and the email capture after them.
 * Rendered by the grid once every listing of the search is on the page. A section shows only
 * once its listings are loaded (nothing on the server render or while loading), and not at all
 * when its call fails or brings nothing new. The first paint holds each section's first cards,
 * the rest follow the render after hydration (rules/end-of-results.ts END_FIRST_PAINT_CARDS).
 */
export function EndOfResults({ shownIds }: Props) {
  const { supplemental, similar } = useEndListings(shownIds);
  const compareOn = useShared((s) => s.brand.flags?.compare === true);
  const compareItems = useShared((s) => s.compare.items);
  const flags = useShared((s) => s.brand.flags);
  const firstPaint = useFirstPaint();
  // Closing the email capture removes it: focus goes to what remains here, not to the page's top.
  const rootRef = useRef<HTMLDivElement>(null);
  return (
    <div className={END_OF_RESULTS_CLASS} ref={rootRef} tabIndex={-1}>
      <EndListingsSection
        heading={END_TEXT.supplementalHeading}
        entries={supplemental}
        firstPaint={firstPaint}
        compareOn={compareOn}
        compareItems={compareItems}
        flags={flags}
      />
      <EndListingsSection
        heading={END_TEXT.similarHeading}
        entries={similar}
        firstPaint={firstPaint}
        compareOn={compareOn}
        compareItems={compareItems}
        flags={flags}
      />
      <EmailCapture onClosed={() => rootRef.current?.focus()} />
    </div>
  );
}
