/**
 * The service's answers as JSON bytes written in parts (util/json-bytes.ts): byte for byte what
 * JSON.stringify writes, and what the service sends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { buildUpstream } from '../src/app';
import { jsonBytes } from '../src/util/json-bytes';

const asStringify = (v: unknown) => Buffer.from(JSON.stringify(v) ?? 'null');

describe('jsonBytes', () => {
  it('writes the bytes JSON.stringify writes, for any JSON value', () => {
    // Every kind of string unit: ASCII, Latin-1, past U+00FF, astral, lone surrogates.
    const value = fc.jsonValue({ stringUnit: fc.constantFrom('binary', 'grapheme', 'grapheme-ascii') as never });
    fc.assert(
      fc.property(value, (v) => expect(jsonBytes(v)).toEqual(asStringify(v))),
      { numRuns: 500 },
    );
  });

  it('leaves out what JSON.stringify leaves out, and writes nested values and toJSON as it does', () => {
    const cases: unknown[] = [
      { a: undefined, b: 1, c: () => 1, d: [undefined, () => 1, Symbol('s')], e: undefined },
      { a: undefined },
      { first: undefined, label: '$10,000 – $15,000', listings: [{ id: 'x', when: new Date(0) }], n: null },
      Object.assign(Object.create(null) as object, { k: 'v' }),
      { when: new Date(86_400_000), list: [new Date(0)], nested: { deep: [1, [2, { x: 'é' }]] } },
      { list: Object.assign([1, 2], { toJSON: () => 'a list that writes itself' }) },
      Object.assign([1, 2], { toJSON: () => ({ written: 'so' }) }),
      [],
      {},
      [1, 'two', { three: 3 }],
      null,
      'text – with a dash',
      42,
    ];
    for (const v of cases) expect(jsonBytes(v).toString('utf8')).toBe(JSON.stringify(v) ?? 'null');
  });

  it('is what the service sends: a search answer whose price facets carry an en dash', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfs-up-'));
    const app = await buildUpstream({ listings: 2000, seed: 7, dataDir });
    try {
      const res = await app.inject({ method: 'GET', url: '/rest/lsc/listing?zip=10001&searchRadius=0&numRecords=12' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json() as { listings: unknown[]; filters: unknown };
      expect(res.rawPayload).toEqual(Buffer.from(JSON.stringify(body)));
      expect(JSON.stringify(body.filters)).toContain(' – ');
      expect(body.listings.length).toBeGreaterThan(0);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
