import type { SearchQuery } from '@cfs/contracts';
import { isListKey, isNumberKey, isStringKey } from './keys';
import { cleanText, listItems, wholeNumber } from './values';

/** What parseQuery reads: a query string (with or without '?'), URLSearchParams, or an object such as a parsed querystring. */
export type QueryInput = URLSearchParams | string | Readonly<Record<string, string | readonly string[] | number | null | undefined>>;

/** Old-style numbered make and model parameters, and makeCodeList (page-furniture §3), merged into the plain lists. */
const NUMBERED = /^(makeCode|modelCode)([1-3])$/;
const MAKE_CODE_LIST = 'makeCodeList';

function pairs(input: QueryInput): [string, string][] {
  if (typeof input === 'string') return [...new URLSearchParams(input.startsWith('?') ? input.slice(1) : input)];
  if (input instanceof URLSearchParams) return [...input];
  const out: [string, string][] = [];
  if (input === null || typeof input !== 'object') return out;
  for (const [k, v] of Object.entries(input)) {
    for (const one of Array.isArray(v) ? v : [v]) {
      if (typeof one === 'string') out.push([k, one]);
      else if (typeof one === 'number' && Number.isFinite(one)) out.push([k, String(one)]);
    }
  }
  return out;
}

/**
 * Reads search values; never throws.
 * - List keys accept repeated and comma-joined values (both at once too), de-duplicated, first-seen order kept.
 * - Number keys must be whole non-negative numbers (digits only, at most 15), else dropped.
 * - Text keys are trimmed and cut at 200 characters; for a repeated number or text key the first usable value wins.
 * - makeCode1..makeCode3 and modelCode1..modelCode3 are merged into makeCode and modelCode,
 *   after any plain makeCode or modelCode values, in number order; makeCodeList (a list) is
 *   merged into makeCode before the numbered ones.
 * - Unknown keys and empty values are ignored.
 * No rule beyond the value's shape is applied here: that is normaliseQuery's job.
 */
export function parseQuery(input: QueryInput): SearchQuery {
  let all: [string, string][];
  try {
    all = pairs(input);
  } catch {
    return {};
  }
  const q: Record<string, unknown> = {};
  const numbered: Record<'makeCode' | 'modelCode', [number, string][]> = { makeCode: [], modelCode: [] };
  for (const [rawKey, value] of all) {
    const key = rawKey.trim();
    const old = NUMBERED.exec(key);
    if (old) {
      numbered[old[1] as 'makeCode' | 'modelCode'].push([Number(old[2]), value]);
    } else if (key === MAKE_CODE_LIST) {
      numbered.makeCode.push([0, value]);
    } else if (isListKey(key)) {
      const list = listItems([...((q[key] as string[] | undefined) ?? []), value]);
      if (list.length) q[key] = list;
    } else if (isNumberKey(key)) {
      const n = wholeNumber(value);
      if (q[key] === undefined && n !== undefined) q[key] = n;
    } else if (isStringKey(key)) {
      const s = cleanText(value);
      if (q[key] === undefined && s !== undefined) q[key] = s;
    }
  }
  for (const key of ['makeCode', 'modelCode'] as const) {
    const extra = numbered[key].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
    const list = listItems([...((q[key] as string[] | undefined) ?? []), ...extra]);
    if (list.length) q[key] = list;
  }
  return q as SearchQuery;
}
