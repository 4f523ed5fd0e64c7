/**
 * The service's answers as JSON bytes, written in parts (the reply serializer: app.ts).
 *
 * V8 writes a string one byte per character until it meets a character past U+00FF; from there
 * the whole string is two bytes per character. JSON.stringify of a search answer meets one in its
 * price facets' labels ('$10,000 – $15,000', an en dash), so the whole answer (some 80 KB, nearly
 * all of it listings) was built a second time at two bytes per character: a 160 KB string, which
 * V8 puts in large-object space (a mapping of its own, faulted in and unmapped), then measured and
 * encoded to UTF-8 the slow way for the socket.
 *
 * Here a plain object is written one value at a time, and a list one item at a time, each into
 * one buffer: only the part that holds such a character is two bytes per character. The bytes are
 * exactly those of JSON.stringify(value) as UTF-8 (a property test: json-bytes.test.ts), for any
 * value whose toJSON methods, if any, do not read the key they are given.
 */

const hasToJson = (v: object) => typeof (v as { toJSON?: unknown }).toJSON === 'function';

/** True for an object JSON.stringify writes as a plain object: no toJSON, not an array. */
function plainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as object | null;
  return (proto === Object.prototype || proto === null) && !hasToJson(v);
}

/**
 * The pieces of `value`'s JSON, in order: a list's items each whole, and (when `split`) a plain
 * object's members each as a piece of their own, a member that is a list item by item. Anything
 * else is written whole; a value JSON has no text for (undefined, a function) adds nothing.
 */
function pieces(value: unknown, out: string[], split = true): void {
  if (Array.isArray(value) && !hasToJson(value)) {
    out.push('[');
    value.forEach((item: unknown, i) => {
      if (i > 0) out.push(',');
      // As JSON.stringify writes a list: a value JSON has no text for is null.
      out.push(JSON.stringify(item) ?? 'null');
    });
    out.push(']');
    return;
  }
  if (!split || !plainObject(value)) {
    const json = JSON.stringify(value);
    if (json !== undefined) out.push(json);
    return;
  }
  out.push('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const start = out.length;
    out.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
    const before = out.length;
    pieces(value[key], out, false);
    // As JSON.stringify writes an object: a member JSON has no text for is left out.
    if (out.length === before) out.length = start;
    else first = false;
  }
  out.push('}');
}

/** `value` as the UTF-8 bytes of JSON.stringify(value) ('null' when it has no JSON text, as Fastify sends it). */
export function jsonBytes(value: unknown): Buffer {
  const out: string[] = [];
  pieces(value, out);
  if (out.length === 0) return Buffer.from('null');
  const lengths = out.map((p) => Buffer.byteLength(p));
  const buf = Buffer.allocUnsafe(lengths.reduce((a, b) => a + b, 0));
  let at = 0;
  out.forEach((p, i) => {
    buf.write(p, at, 'utf8');
    at += lengths[i];
  });
  return buf;
}
