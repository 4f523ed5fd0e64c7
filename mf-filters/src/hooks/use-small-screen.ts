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

/**
 * True or false in the browser; null when it cannot be known (the server render, and the browser's
 * hydration of it): then both layouts are rendered and the page's CSS shows the one that fits, so
 * nothing moves when the browser takes over.
 */
export function useSmallScreen(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => null,
  );
}
