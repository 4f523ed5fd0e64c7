import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS, type ListKey, type NumberKey, type SearchKey, type StringKey } from '@cfs/contracts';

const LIST = new Set<string>(LIST_KEYS);
const NUMBER = new Set<string>(NUMBER_KEYS);
const STRING = new Set<string>(STRING_KEYS);

export const isListKey = (k: string): k is ListKey => LIST.has(k);
export const isNumberKey = (k: string): k is NumberKey => NUMBER.has(k);
export const isStringKey = (k: string): k is StringKey => STRING.has(k);
export const isSearchKey = (k: string): k is SearchKey => LIST.has(k) || NUMBER.has(k) || STRING.has(k);

/** Every search key of the contracts, in contract order. */
export const ALL_KEYS: readonly SearchKey[] = [...LIST_KEYS, ...NUMBER_KEYS, ...STRING_KEYS];
