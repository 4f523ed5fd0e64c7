import { useMemo } from 'react';
import { LIMITS } from '@cfs/contracts';
import { useGatewayData, useShared } from '@cfs/remote-kit';
import { readTierAnswer } from '../rules/tier-requests';
import {
  freshListings,
  listingIds,
  similarUrl,
  supplementalAdded,
  supplementalUrl,
  type EndContext,
  type EndListing,
} from '../rules/end-of-results';

export interface EndListings {
  supplemental: EndListing[];
  similar: EndListing[];
}

const NONE: EndListing[] = [];

/**
 * The supplemental and then the similar listings of the current search's last page, through the
 * gateway's supplementalListings route. The similar call waits for the supplemental answer (its
 * condition counts the supplemental listings); a failed or empty call gives no listings, so its
 * section stays hidden. Listings already on the page (`shownIds`, besides the search's own) are
 * not repeated, nor are supplemental ones among the similar.
 */
export function useEndListings(shownIds: readonly string[] = NONE_IDS): EndListings {
  const query = useShared((s) => s.search.query);
  const result = useShared((s) => s.search.result);
  const defaultSort = useShared((s) => s.search.defaultSort);
  const vehicleHighlights = useShared((s) => s.brand.flags?.vehicleHighlight === true);
  const ctx = useMemo<EndContext>(() => ({ defaultSort, vehicleHighlights }), [defaultSort, vehicleHighlights]);

  const inResult = useMemo(() => new Set(listingIds(result?.listings ?? [])), [result]);
  const shown = useMemo(() => new Set([...inResult, ...shownIds, ...(query.excludedListingId ?? [])]), [inResult, shownIds, query]);

  const suppAnswer = useGatewayData(supplementalUrl(query, result, ctx), readTierAnswer);
  // The similar condition counts what the supplemental call adds to the search (the same on the
  // server and in the browser: the search's own listings are the only ones left out here).
  const suppAdded = useMemo(() => supplementalAdded(suppAnswer.data, result), [suppAnswer.data, result]);
  const suppSettled = suppAnswer.status !== 'loading';
  const simAnswer = useGatewayData(suppSettled ? similarUrl(query, result, suppAdded, ctx) : null, readTierAnswer);

  return useMemo(() => {
    const supplemental = freshListings(suppAnswer.data, shown, LIMITS.supplementalPageSize);
    const afterSupp = new Set([...shown, ...supplemental.map((e) => e.listing.id)]);
    const similar = freshListings(simAnswer.data, afterSupp, LIMITS.similarPageSize);
    return { supplemental: supplemental.length ? supplemental : NONE, similar: similar.length ? similar : NONE };
  }, [suppAnswer.data, simAnswer.data, shown]);
}

const NONE_IDS: readonly string[] = [];
