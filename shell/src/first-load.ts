import { FIRST_LOAD_STATE_ID, type FirstLoadState } from '@cfs/contracts';

export function readFirstLoadState(doc: Document = document): FirstLoadState | null {
  const el = doc.getElementById(FIRST_LOAD_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as FirstLoadState;
  } catch {
    return null;
  }
}
