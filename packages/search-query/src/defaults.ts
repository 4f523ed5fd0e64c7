import type { SearchKey } from '@cfs/contracts';
import { IMPLIED_SORT } from './sort';

/**
 * Values that mean the same as leaving the key out, so the normalised form (object and string)
 * leaves them out: sortBy=relevance and firstRecord=0. (A min or max price of 0 is handled by the
 * price rule, the listing type default by the brand rule.) With another default sort in force
 * (the option-file reading), that sort is the implied one instead of relevance.
 */
export const IMPLIED_DEFAULTS: Readonly<Partial<Record<SearchKey, string | number>>> = Object.freeze({
  sortBy: IMPLIED_SORT,
  firstRecord: 0,
});

export function isImpliedDefault(key: string, value: unknown, defaultSortInForce?: string): boolean {
  if (key === 'sortBy' && defaultSortInForce !== undefined) return value === defaultSortInForce;
  return Object.hasOwn(IMPLIED_DEFAULTS, key) && IMPLIED_DEFAULTS[key as SearchKey] === value;
}
