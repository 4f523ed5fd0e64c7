import { API_PATHS } from '@cfs/contracts';
import type { SavedSearchBody } from '@cfs/contracts/bodies';
/** The saved-search calls: POST /account-api/savedsearches { saveSearchString, title }, and the signed-in list. */
import { api, ApiError } from '@cfs/remote-kit';

export const SAVED_SEARCHES_PATH = API_PATHS.savedSearches;

/** 'saved' on success (201), 'refused' when the free-user limit is reached (409), else 'error'. */
export async function saveSearch(body: SavedSearchBody): Promise<'saved' | 'refused' | 'error'> {
  try {
    await api(SAVED_SEARCHES_PATH, { method: 'POST', json: body });
    return 'saved';
  } catch (err) {
    return err instanceof ApiError && err.status === 409 ? 'refused' : 'error';
  }
}

/** What the signed-in list shows: the titles, their count, and the texts the saved searches carry (search-results §3). */
export interface SavedSearchList {
  titles: string[];
  count: number;
  /** The saved searches' disclaimer (textModalDisclaimer) and instructions text, when they carry them. */
  disclaimer: string | null;
  instructions: string | null;
}

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The signed-in shopper's saved-search titles (only signed-in users see titles,
 * search-results §6), with the texts the saved searches carry; null when the list could not be
 * read (a failure is never read as none).
 */
export async function savedSearchTitles(): Promise<SavedSearchList | null> {
  try {
    const data = await api<{
      savedSearches?: { title?: unknown; textModalDisclaimer?: unknown; instructions?: unknown }[];
      count?: unknown;
    }>(SAVED_SEARCHES_PATH);
    const list = Array.isArray(data?.savedSearches) ? data.savedSearches : [];
    const titles = list.map((s) => s?.title).filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    return {
      titles,
      count: typeof data?.count === 'number' ? data.count : titles.length,
      disclaimer: list.map((s) => textOf(s?.textModalDisclaimer)).find(Boolean) ?? null,
      instructions: list.map((s) => textOf(s?.instructions)).find(Boolean) ?? null,
    };
  } catch {
    return null;
  }
}
