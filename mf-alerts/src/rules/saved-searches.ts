/** The save call: POST /account-api/savedsearches { saveSearchString, title }. */
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
