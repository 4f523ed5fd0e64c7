/**
 * Hide: the showcase stays hidden for the rest of the browser session (sessionStorage), so a new
 * search or a reload does not bring it back. The spec says only that Hide sets the hidden state;
 * keeping it for the session is our design. The key is the region's session memory: the shell
 * loads the showcase's code at once when it holds something, so a hidden showcase hides on load.
 */
import { REGION_MEMORY_KEYS } from '@cfs/contracts';

export const HIDDEN_KEY = REGION_MEMORY_KEYS['mf-showcase']!;

export function readHidden(): boolean {
  try {
    return window.sessionStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function storeHidden(): void {
  try {
    window.sessionStorage.setItem(HIDDEN_KEY, '1');
  } catch {
    // Storage refused (private mode): hidden for this page view only.
  }
}
