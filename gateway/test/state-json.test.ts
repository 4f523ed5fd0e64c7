import { LAZY_RESULT_PARTS, type FirstLoadState } from '@cfs/contracts';
import { readStateJson, stateJson, utf8Text } from '../src/ssr/state-json';

const base = {
  brand: 'atc',
  flags: {},
  signedIn: false,
  query: { makeCode: 'FORD' },
  searchError: null,
  registry: { remotes: {} },
  config: { pageSize: 24, remoteTimeoutMs: 1000, signInPath: '/signin', defaultSort: 'relevance', apiBase: '' },
} as unknown as FirstLoadState;

const result = {
  totalResultCount: 2,
  listings: [{ id: '1', title: 'Ford F-150 </script> “Lariat” 🚗' }],
  owners: [{ id: 'o1', name: 'Señor Autos' }],
  filters: { makeCode: { options: [{ value: 'FORD', label: 'Ford', count: 2 }] } },
  stats: { year: { min: 2001, max: 2027 } },
};

const parsedLike = (s: FirstLoadState) => JSON.parse(JSON.stringify(s)) as unknown;

describe('the first-load state as it travels to the isolates', () => {
  it.each([
    ['a result with every large value', { ...base, result }],
    ['a result with some of them', { ...base, result: { totalResultCount: 0, listings: [] } }],
    ['a result of large values only', { ...base, result: { listings: [], owners: [], filters: {} } }],
    ['no result', { ...base, result: null }],
    ['a state that is its result alone', { result }],
  ])('is the very JSON of the state, and reads back as it: %s', (_, state) => {
    const s = stateJson(state as FirstLoadState);
    const text = utf8Text(s.bytes);
    expect(JSON.parse(text)).toEqual(parsedLike(state as FirstLoadState));
    expect(parsedLike(readStateJson(s))).toEqual(parsedLike(state as FirstLoadState));
    // Each range holds that value's JSON (in bytes: the text has characters of 2, 3 and 4 bytes).
    for (const [key, [start, end]] of Object.entries(s.lazy))
      expect(JSON.parse(utf8Text(s.bytes, start, end))).toEqual((state.result as Record<string, unknown>)[key]);
    expect(s.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    // Script-safe as written: the page carries these bytes as they are (page-bytes.ts).
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('parses a large value only when it is read, once, and lets a render replace it', () => {
    const s = stateJson({ ...base, result } as unknown as FirstLoadState);
    expect(Object.keys(s.lazy).sort()).toEqual([...LAZY_RESULT_PARTS].sort());
    const state = readStateJson(s);
    const r = state.result as unknown as Record<string, unknown>;
    const pending = (k: string) => typeof Object.getOwnPropertyDescriptor(r, k)?.get === 'function';
    expect(state.result?.totalResultCount).toBe(2);
    expect(LAZY_RESULT_PARTS.every(pending)).toBe(true);
    const listings = state.result?.listings;
    expect(listings).toEqual(result.listings);
    expect(state.result?.listings).toBe(listings);
    expect(pending('listings')).toBe(false);
    expect(pending('owners')).toBe(true);
    r.owners = [];
    expect(state.result?.owners).toEqual([]);
    expect(Object.keys(r)).toEqual(expect.arrayContaining([...LAZY_RESULT_PARTS, 'totalResultCount']));
    expect({ ...state.result }.filters).toEqual(result.filters);
  });

  it('parses a list item by item: reading the first listing parses that one alone', () => {
    const listings = [{ id: '1', title: 'Señor </script>' }, { id: '2', make: { name: 'Ford' } }, { id: '3' }];
    const s = stateJson({ ...base, result: { ...result, listings } } as unknown as FirstLoadState);
    // Each item's range holds that item's JSON.
    expect(s.items?.listings?.map(([start, end]) => JSON.parse(utf8Text(s.bytes, start, end)))).toEqual(listings);
    expect(s.items?.filters).toBeUndefined();
    const read = readStateJson(s).result!.listings;
    const pending = (i: number) => typeof Object.getOwnPropertyDescriptor(read, i)?.get === 'function';
    expect(read).toHaveLength(3);
    expect(read[0]).toEqual(listings[0]);
    expect(read[0]).toBe(read[0]);
    expect([pending(0), pending(1), pending(2)]).toEqual([false, true, true]);
    expect(read.find((l) => l.make?.name === 'Ford')?.id).toBe('2');
    expect(pending(2)).toBe(true);
    expect(JSON.parse(JSON.stringify(read))).toEqual(listings);
    expect([...read].map((l) => l.id)).toEqual(['1', '2', '3']);
    read[2] = { id: 'replaced' } as never;
    expect(read[2]).toEqual({ id: 'replaced' });
  });
});
