import { useSyncExternalStore } from 'react';

/**
 * Small screens get the filter sheet, large screens the docked panel (page-furniture §2). The
 * breakpoint matches the shell's one-column layout (shell/src/layout-css.ts, 900px).
 */
export const SMALL_SCREEN_QUERY = '(max-width: 900px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(SMALL_SCREEN_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const mql = media();
  if (!mql) return () => {};
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
