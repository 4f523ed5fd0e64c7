/** The saved-search calls: POST /account-api/savedsearches { saveSearchString, title }, and the signed-in list. */
import { api, ApiError } from '@cfs/remote-kit';

export const SAVED_SEARCHES_PATH = '/account-api/savedsearches';

/** 'saved' on success (201), 'refused' when the free-user limit is reached (409), else 'error'. */
export async function saveSearch(body: { saveSearchString: string; title: string }): Promise<'saved' | 'refused' | 'error'> {
  try {
    await api(SAVED_SEARCHES_PATH, { method: 'POST', json: body });
    return 'saved';
  } catch (err) {
    return err instanceof ApiError && err.status === 409 ? 'refused' : 'error';
  }
}

/**
 * The signed-in shopper's saved-search titles and count (only signed-in users see titles,
 * search-results §6); null when the list could not be read (a failure is never read as none).
 */
export async function savedSearchTitles(): Promise<{ titles: string[]; count: number } | null> {
  try {
    const data = await api<{ savedSearches?: { title?: unknown }[]; count?: unknown }>(SAVED_SEARCHES_PATH);
    const titles = (Array.isArray(data?.savedSearches) ? data.savedSearches : [])
      .map((s) => s?.title)
      .filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    return { titles, count: typeof data?.count === 'number' ? data.count : titles.length };
  } catch {
    return null;
  }
}
