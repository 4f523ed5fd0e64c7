import { LIST_KEYS, NUMBER_KEYS, STRING_KEYS, type SearchQuery } from '@cfs/contracts';

type Input = URLSearchParams | string | Record<string, string | string[] | number | undefined | null>;

const LIST = new Set<string>(LIST_KEYS);
const NUMBER = new Set<string>(NUMBER_KEYS);
const STRING = new Set<string>(STRING_KEYS);

function entries(input: Input): [string, string][] {
  if (typeof input === 'string') return [...new URLSearchParams(input.replace(/^\?/, ''))];
  if (input instanceof URLSearchParams) return [...input];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(input)) {
    if (v == null) continue;
    for (const one of Array.isArray(v) ? v : [v]) out.push([k, String(one)]);
  }
  return out;
}

/**
 * Reads search values from a query string or object. List values may repeat or be comma-joined;
 * numbers must be whole and non-negative (else dropped); unknown keys are ignored. The old-style
 * makeCode1..3 and modelCode1..3 are merged into the makeCode and modelCode lists.
 */
export function parseQuery(input: Input): SearchQuery {
  const q: Record<string, unknown> = {};
  const numbered: Record<'makeCode' | 'modelCode', string[]> = { makeCode: [], modelCode: [] };
  let pairs: [string, string][];
  try {
    pairs = entries(input);
  } catch {
    return {};
  }
  for (const [rawKey, rawValue] of pairs) {
    const key = rawKey.trim();
    const value = rawValue.trim();
    const old = /^(makeCode|modelCode)([1-3])$/.exec(key);
    if (old) {
      if (value) numbered[old[1] as 'makeCode' | 'modelCode'].push(...splitList(value));
      continue;
    }
    if (LIST.has(key)) {
      const list = (q[key] as string[] | undefined) ?? [];
      for (const v of splitList(value)) if (!list.includes(v)) list.push(v);
      if (list.length) q[key] = list;
    } else if (NUMBER.has(key)) {
      if (/^\d{1,12}$/.test(value)) q[key] = Number(value);
    } else if (STRING.has(key)) {
      if (value) q[key] = value.slice(0, 200);
    }
  }
  for (const key of ['makeCode', 'modelCode'] as const) {
    if (!numbered[key].length) continue;
    const list = (q[key] as string[] | undefined) ?? [];
    for (const v of numbered[key]) if (!list.includes(v)) list.push(v);
    q[key] = list;
  }
  return q as SearchQuery;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= 100);
}
