/**
 * How raw values become clean ones. parseQuery (URL side) and normaliseQuery (object side) both
 * use these, so a value means the same whichever way it arrives.
 */

/** Longest single text value kept, in UTF-16 units; longer text is cut. */
export const MAX_TEXT_LENGTH = 200;
/** Longest list item kept; a longer item is dropped (no code is that long). */
export const MAX_ITEM_LENGTH = 100;
/** Most digits a number may have: 15 digits always fit a safe integer. */
const WHOLE_NUMBER = /^\d{1,15}$/;

/** Lone surrogates become U+FFFD, so encodeURIComponent can never throw on the result. */
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (m) => (m.length === 2 ? m : '\uFFFD'));
}

/** A trimmed, well-formed, non-empty text of at most MAX_TEXT_LENGTH units, or undefined. */
export function cleanText(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string') return undefined;
  let s = wellFormed(v).trim();
  if (s.length > MAX_TEXT_LENGTH) s = wellFormed(s.slice(0, MAX_TEXT_LENGTH)).trimEnd();
  return s || undefined;
}

/**
 * List items from a string, a number or an array of them: comma-joined values are split, items
 * trimmed, empty or overlong items dropped, duplicates removed, first-seen order kept.
 */
export function listItems(v: unknown): string[] {
  const raw = Array.isArray(v) ? v : [v];
  const out: string[] = [];
  for (const one of raw) {
    const text = typeof one === 'number' && Number.isFinite(one) ? String(one) : one;
    if (typeof text !== 'string') continue;
    for (const part of wellFormed(text).split(',')) {
      const item = part.trim();
      if (item && item.length <= MAX_ITEM_LENGTH && !out.includes(item)) out.push(item);
    }
  }
  return out;
}

/** A whole non-negative number (a safe integer, or a digit string of 1 to 15 digits), or undefined. */
export function wholeNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  return WHOLE_NUMBER.test(s) ? Number(s) : undefined;
}

/** Same items in the same order. */
export function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => x === b[i]);
}

/** table[key] only when it is the table's own entry (never Object.prototype's 'constructor' and friends). */
export function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
