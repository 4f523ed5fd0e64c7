import { useEffect, useMemo, useRef, useState } from 'react';
import { api, useGatewayData, useShared } from '@cfs/remote-kit';
import { spotlightPageOfBlock } from '@cfs/search-query';
import { firstBlockTiers, pageTierUrls, readTierAnswer, tierUrls, type PageTierUrls, type TierAnswer } from '../rules/tier-requests';
import type { TierListings } from '../rules/slots';

const NONE: TierAnswer = { listings: [], owners: [] };

/** A later page's tier answers (premium spotlights, fourth-tier candidates). */
interface PageTiers {
  premium: TierAnswer;
  fourthTier: TierAnswer;
}

export interface GridTiers {
  tiers: TierListings;
  /**
   * How many leading blocks of 30 have their tier answers (or their failure): the grid shows the
   * listings of those blocks only, so a page's spotlights never push in above cards already shown.
   */
  readyBlocks: number;
}

/** One call, answered as none when it fails (or its breaker is open: the gateway's empty fallback). */
function fetchTier(url: string | null, signal: AbortSignal): Promise<TierAnswer> {
  if (!url) return Promise.resolve(NONE);
  return api<unknown>(url, { signal }).then(readTierAnswer, () => NONE);
}

/**
 * The tier answers of blocks 2 and up (spotlightPage 2, 3, ...), fetched as the grid's listings
 * reach each block. They start over with a new search (a new `urlsFor`).
 */
function useLaterPages(urlsFor: (spotlightPage: number) => PageTierUrls, blocks: number): Map<number, PageTiers> {
  const [pages, setPages] = useState<{ of: typeof urlsFor; byPage: Map<number, PageTiers> }>(() => ({ of: urlsFor, byPage: new Map() }));
  const asked = useRef<{ of: typeof urlsFor; pages: Set<number>; ctrl: AbortController } | null>(null);

  useEffect(() => {
    if (asked.current?.of !== urlsFor) {
      asked.current?.ctrl.abort();
      asked.current = { of: urlsFor, pages: new Set(), ctrl: new AbortController() };
    }
    const mine = asked.current;
    for (let block = 1; block < blocks; block++) {
      const page = spotlightPageOfBlock(block);
      if (mine.pages.has(page)) continue;
      mine.pages.add(page);
      const urls = urlsFor(page);
      void Promise.all([fetchTier(urls.premium, mine.ctrl.signal), fetchTier(urls.fourthTier, mine.ctrl.signal)]).then(
        ([premium, fourthTier]) => {
          if (mine.ctrl.signal.aborted) return;
          setPages((prev) => {
            const byPage = new Map(prev.of === urlsFor ? prev.byPage : []);
            byPage.set(page, { premium, fourthTier });
            return { of: urlsFor, byPage };
          });
        },
      );
    }
  }, [urlsFor, blocks]);

  useEffect(() => () => asked.current?.ctrl.abort(), []);
  return pages.of === urlsFor ? pages.byPage : EMPTY_PAGES;
}

const EMPTY_PAGES = new Map<number, PageTiers>();

/**
 * The tier listings of the current search, for the slot placement. The first page's calls
 * (spotlightPage 1) are those the server render fetched, so hydration reads its answers; every
 * later block of 30 asks for its own premium spotlights and fourth-tier listing with its
 * spotlightPage (page-furniture §4). A failed call places no tier listing: the grid shows the
 * base search.
 */
export function useTierListings(blocks: number): GridTiers {
  const query = useShared((s) => s.search.query);
  const flags = useShared((s) => s.brand.flags);
  const defaultSort = useShared((s) => (s.search as { defaultSort?: string }).defaultSort);
  const urls = useMemo(() => tierUrls(query, flags ?? {}, new Date().getFullYear(), defaultSort), [query, flags, defaultSort]);
  const urlsFor = useMemo(() => (page: number) => pageTierUrls(query, flags ?? {}, page, defaultSort), [query, flags, defaultSort]);
  const premium = useGatewayData(urls.premium, readTierAnswer);
  const featured = useGatewayData(urls.featured, readTierAnswer);
  const standard = useGatewayData(urls.standard, readTierAnswer);
  const boost = useGatewayData(urls.boost, readTierAnswer);
  const highlights = useGatewayData(urls.highlights, readTierAnswer);
  const later = useLaterPages(urlsFor, blocks);
  const p = premium.data ?? NONE;
  const f = featured.data ?? NONE;
  const s = standard.data ?? NONE;
  const b = boost.data ?? NONE;
  const h = highlights.data ?? NONE;
  return useMemo(() => {
    const first = firstBlockTiers({ premium: p, featured: f, standard: s, boost: b, highlights: h });
    const premiumByBlock: (readonly TierAnswer['listings'][number][])[] = first.premium;
    const fourthByBlock: (readonly TierAnswer['listings'][number][])[] = first.fourthTier;
    const owners = [...first.owners];
    let readyBlocks = 1;
    for (let block = 1; block < blocks; block++) {
      const page = later.get(spotlightPageOfBlock(block));
      if (!page) break;
      premiumByBlock[block] = page.premium.listings;
      fourthByBlock[block] = page.fourthTier.listings;
      owners.push(...page.premium.owners, ...page.fourthTier.owners);
      readyBlocks = block + 1;
    }
    return {
      tiers: { ...first, premium: premiumByBlock, fourthTier: fourthByBlock, owners },
      readyBlocks,
    };
  }, [p, f, s, b, h, later, blocks]);
}
