import { useState } from 'react';

/**
 * `value` as it was, for as long as `keep(kept, next)` says the newer one need not replace it;
 * then the newer one, kept in turn. What renders from the kept value does not render again: the
 * results grid keeps its placement while a search loads, the filter panel its query and facets
 * while a new one is the same to its controls.
 */
export function useKeptWhile<T>(value: T, keep: (kept: T, next: T) => boolean): T {
  const [kept, setKept] = useState(value);
  if (kept === value || keep(kept, value)) return kept;
  setKept(value);
  return value;
}
