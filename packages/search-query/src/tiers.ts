/**
 * Which listing-tier calls a search makes (page-furniture §4 'Load more and listing slots', §5, §9).
 * Pure request conditions; where the tier listings sit in the grid is mf-results' slot placement.
 */
import { includesPrivateSellers, type SearchQuery } from '@cfs/contracts';
import { IMPLIED_SORT } from './sort';
import { validZip } from './location';

/**
 * Boost (new-car 'recommended' listings) is requested only when the ZIP is 5 digits, the listing
 * type is not NEW, the end year is within 5 years of the current year, the start year is neither
 * the current nor the next year, and the seller is not private (page-furniture §5). A query lists
 * its types and seller types: NEW or PRIVATE among them fails the rule. No end year means no bound
 * (the newest years), which is within 5 years.
 */
export function boostRequested(query: SearchQuery, currentYear: number): boolean {
  if (!validZip(query.zip)) return false;
  if ((query.listingType ?? []).some((t) => t.toUpperCase() === 'NEW')) return false;
  if (typeof query.endYear === 'number' && query.endYear < currentYear - 5) return false;
  if (query.startYear === currentYear || query.startYear === currentYear + 1) return false;
  if (includesPrivateSellers(query.sellerType)) return false;
  return true;
}

/**
 * Spotlights are requested only when the sort is relevance, or otherwise when the non-relevance
 * sort flag allows (page-furniture §4). A query without sortBy has the default sort in force
 * (relevance unless the configured default says otherwise).
 */
export function spotlightsRequested(
  query: Pick<SearchQuery, 'sortBy'>,
  nonRelevanceSpotlights: boolean,
  defaultSort: string = IMPLIED_SORT,
): boolean {
  const sort = query.sortBy ?? defaultSort;
  return sort === 'relevance' || nonRelevanceSpotlights;
}
