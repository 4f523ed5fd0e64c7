/**
 * Search radius choices of the 'Distance' select. The rule itself (values below 100 kept, else
 * 100; 0 = nationwide) is search-query's `normaliseRadius`; the list of choices is designed.
 */
import type { SearchQuery } from '@cfs/contracts';
import { normaliseRadius } from '@cfs/search-query';

export const NATIONWIDE = 0;
export const RADIUS_CHOICES = [10, 25, 50, 75, 100, NATIONWIDE] as const;

export function radiusLabel(miles: number): string {
  return miles === NATIONWIDE ? 'Nationwide' : `${miles} miles`;
}

/**
 * The radius to show. No radius in the query is shown as 'Nationwide' (no distance limit,
 * designed: the spec does not say what an absent radius means to the shopper).
 */
export function currentRadius(query: SearchQuery): number {
  return normaliseRadius(query.searchRadius) ?? NATIONWIDE;
}

/** The choices, plus the current radius when it is another kept value (e.g. 30 from a URL). */
export function radiusChoices(current: number): number[] {
  const list: number[] = [...RADIUS_CHOICES];
  if (!list.includes(current))
    list.splice(
      list.findIndex((r) => r === NATIONWIDE || r > current),
      0,
      current,
    );
  return list;
}
