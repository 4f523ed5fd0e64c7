import { useMemo } from 'react';
import { useGatewayData, useShared } from '@cfs/remote-kit';
import { readTierAnswer, tierUrls, type TierAnswer } from '../rules/tier-requests';
import type { TierListings } from '../rules/slots';

const NONE: TierAnswer = { listings: [], owners: [] };

/**
 * The tier listings of the current search, for the slot placement. One set of calls per search
 * (paging is not part of their URLs, so a load-more asks for nothing); the server render fetched
 * the same URLs, so hydration reads its answers. A failed call (or its open breaker, answered with
 * the gateway's empty fallback) places no tier listing: the grid shows the base search.
 */
export function useTierListings(): TierListings {
  const query = useShared((s) => s.search.query);
  const flags = useShared((s) => s.brand.flags);
  const defaultSort = useShared((s) => (s.search as { defaultSort?: string }).defaultSort);
  const urls = useMemo(() => tierUrls(query, flags ?? {}, new Date().getFullYear(), defaultSort), [query, flags, defaultSort]);
  const premium = useGatewayData(urls.premium, readTierAnswer);
  const featured = useGatewayData(urls.featured, readTierAnswer);
  const standard = useGatewayData(urls.standard, readTierAnswer);
  const boost = useGatewayData(urls.boost, readTierAnswer);
  const highlights = useGatewayData(urls.highlights, readTierAnswer);
  const p = premium.data ?? NONE;
  const f = featured.data ?? NONE;
  const s = standard.data ?? NONE;
  const b = boost.data ?? NONE;
  const h = highlights.data ?? NONE;
  return useMemo(
    () => ({
      premium: [[...p.listings, ...h.listings]],
      fourthTier: [f.listings],
      peekaboo: s.listings,
      boost: b.listings,
      owners: [...p.owners, ...h.owners, ...f.owners, ...s.owners, ...b.owners],
    }),
    [p, f, s, b, h],
  );
}
