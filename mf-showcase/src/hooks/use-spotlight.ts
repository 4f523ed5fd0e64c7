import { useGatewayData } from '@cfs/remote-kit';
import type { SearchQuery, PageSearchResult } from '@cfs/contracts';
import { spotlightUrl } from '../rules/spotlight';

export type SpotlightState = { status: 'idle' | 'loading' | 'error'; result: null } | { status: 'ready'; result: PageSearchResult };

/**
 * The premium spotlight for the current search query, through the gateway: on the first paint
 * from what the server render fetched; a new query aborts the previous request, so an older
 * answer never replaces a newer one.
 */
export function useSpotlight(query: SearchQuery, enabled: boolean): SpotlightState {
  const answer = useGatewayData<PageSearchResult>(enabled ? spotlightUrl(query) : null);
  if (!enabled) return { status: 'idle', result: null };
  return answer.status === 'ready' ? { status: 'ready', result: answer.data } : { status: answer.status, result: null };
}
