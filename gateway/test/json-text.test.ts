import { isAscii } from 'node:buffer';
import fc from 'fast-check';
import { jsonText } from '../src/json-text';

/** Bytes as Node decodes them by default, and as the fast way gives them: the same value. */
function sameValue(bytes: Buffer) {
  const slow = bytes.toString('utf8');
  const fast = jsonText(bytes);
  expect(JSON.parse(fast)).toEqual(JSON.parse(slow));
  return fast;
}

describe('JSON text from UTF-8 bytes (json-text.ts)', () => {
  it('reads ASCII as it is', () => {
    const bytes = Buffer.from('{"a":[1,"two",null],"b":{"c":"d\\u2013e"}}');
    expect(jsonText(bytes)).toBe(bytes.toString('utf8'));
  });

  it('writes every character past ASCII as an escape, and the text parses to the same value', () => {
    const value = {
      label: '$10,000 – $15,000',
      dot: '·',
      degrees: '72°',
      accent: 'Señor',
      astral: 'car 🚗',
      mixed: ['“Lariat”', '—', 'é🚗é'],
    };
    const fast = sameValue(Buffer.from(JSON.stringify(value)));
    expect(fast).toContain('$10,000 \\u2013 $15,000');
    expect(fast).toContain('car \\ud83d\\ude97');
    expect(isAscii(Buffer.from(fast))).toBe(true);
  });

  it('reads malformed bytes as the replacement character, as Node does', () => {
    const bytes = Buffer.concat([
      Buffer.from('{"a":"x'),
      Buffer.from([0xe2, 0x80]),
      Buffer.from('y","b":"'),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('"}'),
    ]);
    sameValue(bytes);
  });

  it('reads a range of a view of shared memory', () => {
    const text = Buffer.from('[1]{"k":"– ok"}[2]');
    const shared = new Uint8Array(new SharedArrayBuffer(text.length + 8), 4, text.length);
    shared.set(text);
    expect(JSON.parse(jsonText(shared, 3, text.length - 3))).toEqual({ k: '– ok' });
  });

  it('gives the same value as the default decoding for any text in JSON strings', () => {
    // Any code points (ASCII, Latin-1, the rest of the BMP, astral) and lone surrogates, which
    // JSON.stringify writes as escapes.
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary-ascii' }), (a, b, c) => {
        sameValue(Buffer.from(JSON.stringify({ a, list: [b, 1, c], [b]: a })));
      }),
      { numRuns: 500 },
    );
  });
});
