/**
 * The first-load state as it travels to the isolates (@cfs/contracts' StateJson): written once by
 * the gateway as the JSON the page carries, read by each isolate as far as its render needs.
 *
 * The search result's large values (LAZY_RESULT_PARTS: the listings, their owners, the facets)
 * are most of the state's bytes, and most regions never read them; parsing the whole state in
 * each of the page's seven isolates was most of what the smaller regions cost per page. The
 * writer records where each of those values lies in the bytes; the reader parses the state
 * without them, then each one the first time it is read (a property that becomes a plain value
 * then); a list (the listings, the owners) item by item, so a render that reads the first listing
 * parses that one. Read in any way (a spread, JSON.stringify, a structured clone), the object
 * equals the whole text parsed.
 */
import { LAZY_RESULT_PARTS, scriptSafeJson, type FirstLoadState, type LazyResultPart, type StateJson, type Utf8 } from '@cfs/contracts';
import { jsonText } from '../json-text';

/** Text as UTF-8 in shared memory: posted to any number of isolates without a copy. */
export function sharedUtf8(text: string): Uint8Array {
  const bytes = Buffer.byteLength(text);
  const view = new Uint8Array(new SharedArrayBuffer(bytes));
  Buffer.from(view.buffer, 0, bytes).write(text, 'utf8');
  return view;
}

/**
 * The state's JSON in shared memory, with the byte ranges of its result's large values. Written
 * script-safe (contracts' scriptSafeJson: the same value parsed), so the page carries these very
 * bytes.
 */
export function stateJson(state: FirstLoadState): StateJson {
  const result = state.result as unknown as Record<string, unknown> | null;
  if (!result || typeof result !== 'object') return { bytes: sharedUtf8(scriptSafeJson(JSON.stringify(state))), lazy: {} };
  // The state without its result, then the result: its small values, then each large one.
  const { result: _, ...rest } = state;
  const small: Record<string, unknown> = {};
  const large: [LazyResultPart, string, string[] | null][] = [];
  for (const [k, v] of Object.entries(result)) {
    if (!(LAZY_RESULT_PARTS as readonly string[]).includes(k) || v === undefined) small[k] = v;
    else if (Array.isArray(v)) {
      // A list is written item by item, so each item's place is known. (An item JSON cannot
      // write, such as undefined, is null in a list, as JSON.stringify writes it.)
      const items = v.map((item: unknown) => scriptSafeJson(JSON.stringify(item) ?? 'null'));
      large.push([k as LazyResultPart, `[${items.join(',')}]`, items]);
    } else large.push([k as LazyResultPart, scriptSafeJson(JSON.stringify(v)), null]);
  }
  const pieces: (string | [LazyResultPart, string, string[] | null])[] = [];
  const head = scriptSafeJson(JSON.stringify(rest)).slice(0, -1);
  const smallJson = scriptSafeJson(JSON.stringify(small)).slice(1, -1);
  pieces.push(`${head}${head.length > 1 ? ',' : ''}"result":{${smallJson}`);
  large.forEach(([k, json, items], i) => {
    pieces.push(`${smallJson || i > 0 ? ',' : ''}${JSON.stringify(k)}:`, [k, json, items]);
  });
  pieces.push('}}');
  const texts = pieces.map((p) => (typeof p === 'string' ? p : p[1]));
  const lengths = texts.map((t) => Buffer.byteLength(t));
  const view = new Uint8Array(new SharedArrayBuffer(lengths.reduce((a, b) => a + b, 0)));
  const buf = Buffer.from(view.buffer, 0, view.byteLength);
  const lazy: StateJson['lazy'] = {};
  const items: NonNullable<StateJson['items']> = {};
  let at = 0;
  pieces.forEach((p, i) => {
    buf.write(texts[i], at, 'utf8');
    if (typeof p !== 'string') {
      lazy[p[0]] = [at, at + lengths[i]];
      if (p[2]) {
        // After the '[', each item then its ','.
        let itemAt = at + 1;
        items[p[0]] = p[2].map((item) => {
          const range = [itemAt, itemAt + Buffer.byteLength(item)] as const;
          itemAt = range[1] + 1;
          return range;
        });
      }
    }
    at += lengths[i];
  });
  return { bytes: view, lazy, items };
}

/** UTF-8 bytes as text (a SharedArrayBuffer's too). */
export function utf8Text(bytes: Uint8Array, start = 0, end = bytes.byteLength): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', start, end);
}

/** The state, its result's large values parsed when first read (their text read the fast way, json-text.ts). */
export function readStateJson(s: StateJson): FirstLoadState {
  const ranges = (Object.entries(s.lazy) as [LazyResultPart, readonly [number, number]][]).sort((a, b) => a[1][0] - b[1][0]);
  if (!ranges.length) return JSON.parse(jsonText(s.bytes)) as FirstLoadState;
  // The text with each large value replaced by null.
  let skeleton = '';
  let at = 0;
  for (const [, [start, end]] of ranges) {
    skeleton += `${jsonText(s.bytes, at, start)}null`;
    at = end;
  }
  skeleton += jsonText(s.bytes, at);
  const state = JSON.parse(skeleton) as FirstLoadState;
  const result = state.result as unknown as Record<string, unknown>;
  for (const [key, [start, end]] of ranges) {
    const items = s.items?.[key];
    lazily(result, key, () => (items ? lazyList(s.bytes, items) : JSON.parse(jsonText(s.bytes, start, end))));
  }
  return state;
}

/** `target[key]` read with `read()` the first time, then a plain value; one that is set is that value. */
function lazily(target: object, key: PropertyKey, read: () => unknown): void {
  const settle = (value: unknown) => {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(target, key, { get: () => settle(read()), set: settle, enumerable: true, configurable: true });
}

/** A list whose items are parsed as each is first read (any way: an index, a loop, a spread, JSON). */
function lazyList(bytes: Utf8, ranges: readonly (readonly [number, number])[]): unknown[] {
  const list: unknown[] = new Array(ranges.length);
  ranges.forEach(([start, end], i) => lazily(list, i, () => JSON.parse(jsonText(bytes, start, end))));
  return list;
}
