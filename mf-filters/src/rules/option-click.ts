/**
 * Spec (page-furniture §4, Filter panel): "A filter option click can toggle the checkbox, set
 * multi-value arrays, remove on off or empty, and pipe-keyed values merge into the parent key."
 * Every generic control of the panel changes the query through these functions, so the rule
 * lives here only.
 *
 * - A list key (makeCode, fuelTypeGroup, ...) holds a multi-value array: a click adds or removes
 *   one value; the key is removed when its array is empty.
 * - A number or string key (mileage, mpgRange, moneyBackGuarantee) holds one value: on sets it, off
 *   or an empty value ('' or the 'Any' value 0) removes it.
 * - A pipe key `parent|group` (for example `modelCode|FORD`, the models of one make) writes into
 *   the parent key: its values are merged into the parent's array beside the other groups' values.
 */
import { LIST_KEYS, NUMBER_KEYS, type ListKey, type SearchKey, type SearchQuery } from '@cfs/contracts';
import { groupValues, type CheckboxFilter, type FilterDef } from './filter-registry';

const LIST = new Set<string>(LIST_KEYS);
const NUMBER = new Set<string>(NUMBER_KEYS);

type Mutable = Record<string, unknown>;

/** `modelCode|FORD` -> `modelCode`; a key without a pipe is its own parent. */
export function parentKey(key: string): SearchKey {
  const i = key.indexOf('|');
  return (i < 0 ? key : key.slice(0, i)) as SearchKey;
}

/** Whether a value is the empty choice ('Any'): '' or 0. */
export function isEmptyValue(value: string): boolean {
  const v = value.trim();
  return v === '' || v === '0';
}

/** The selected values of a key as strings (a list's values, or the one value). */
export function selectedValues(q: SearchQuery, key: string): string[] {
  const v = (q as Mutable)[parentKey(key)];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x.length > 0);
  if (typeof v === 'number') return Number.isFinite(v) && v !== 0 ? [String(v)] : [];
  if (typeof v === 'string') return v ? [v] : [];
  return [];
}

function write(q: SearchQuery, key: SearchKey, values: string[]): SearchQuery {
  const next = { ...q } as Mutable;
  const kept = values.filter((v) => !isEmptyValue(v));
  if (!kept.length) {
    delete next[key];
  } else if (LIST.has(key)) {
    next[key] = [...new Set(kept)];
  } else if (NUMBER.has(key)) {
    const n = Number(kept[0]);
    if (Number.isFinite(n) && n !== 0) next[key] = n;
    else delete next[key];
  } else {
    next[key] = kept[0];
  }
  return next as SearchQuery;
}

/**
 * A checkbox (or toggle) click: `on` adds the value (a list) or sets it (one value); off removes
 * it, and the key when nothing is left.
 */
export function toggleOption(q: SearchQuery, key: string, value: string, on: boolean): SearchQuery {
  const parent = parentKey(key);
  const current = selectedValues(q, parent);
  if (!LIST.has(parent)) return write(q, parent, on ? [value] : []);
  return write(q, parent, on ? [...current, value] : current.filter((v) => v !== value));
}

/**
 * A select's choice: one value for the key, or for a pipe key one value within its group (the
 * group's other values are replaced; the other groups' values of the parent key are kept). An
 * empty choice ('Any') removes the key's value (or the group's).
 * `group` lists the values that belong to the pipe key's group (its options).
 */
export function setOption(q: SearchQuery, key: string, value: string, group: readonly string[] = []): SearchQuery {
  const parent = parentKey(key);
  if (parent === key || !LIST.has(parent)) return write(q, parent, [value]);
  const others = selectedValues(q, parent).filter((v) => !group.includes(v));
  return write(q, parent, isEmptyValue(value) ? others : [...others, value]);
}

/**
 * A checkbox filter's click, with the registry's nesting: turning a parent value off (a body
 * style) also clears the subgroup nested under it (its subtypes).
 */
export function toggleFilterValue(q: SearchQuery, def: CheckboxFilter, key: ListKey, value: string, on: boolean): SearchQuery {
  let next = toggleOption(q, key, value, on);
  if (!on && key === def.key)
    for (const sub of def.subgroups ?? []) {
      if (sub.parentValue !== value) continue;
      // A subgroup over a slice of a shared key clears only its own values.
      const own = groupValues(selectedValues(next, sub.key), sub.source);
      next = write(
        next,
        sub.key,
        selectedValues(next, sub.key).filter((v) => !own.includes(v)),
      );
    }
  return next;
}

/** Whether a filter holds a selection (its accordion opens by itself). */
export function filterHasSelection(def: FilterDef, q: SearchQuery): boolean {
  switch (def.kind) {
    case 'checkbox':
      return [def.key, ...(def.subgroups ?? []).map((s) => s.key)].some((k) => selectedValues(q, k).length > 0);
    case 'select':
    case 'toggle':
      return selectedValues(q, def.key).length > 0;
    case 'range':
    case 'custom':
      return def.keys.some((k) => selectedValues(q, k).length > 0);
  }
}
