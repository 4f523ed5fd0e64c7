import { apiPath } from '@cfs/contracts';
/**
 * Spec (page-furniture §5): "ZIP: exactly 5 characters and must pass a server check, else
 * 'Enter a valid ZIP Code'." A ZIP change is validated before search (§4). The server check is
 * GET /geo/zip/{zip} through the gateway: 200 is valid; 404, any other error or no answer is
 * invalid. The one check for the filter panel's ZIP field and the hero's location editor.
 */
import { api } from './api';
import { validZip } from '@cfs/search-query';

/** The ZIP check's path for a ZIP (zipValidation). */
export const zipCheckPath = (zip: string) => apiPath('zipValidation', { zip });

/** True when the ZIP has 5 digits and the server knows it. */
export async function checkZip(zip: string, signal?: AbortSignal): Promise<boolean> {
  if (!validZip(zip)) return false;
  try {
    await api<unknown>(zipCheckPath(zip), { signal });
    return true;
  } catch {
    return false;
  }
}
