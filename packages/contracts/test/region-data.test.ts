import { referToResult, resolveRegionData, STATE_REF, type RegionData, type ReferredResult } from '../src';

const listing = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  vin: `VIN${id}`,
  year: 2024,
  make: { code: 'FORD', name: 'Ford' },
  ...extra,
});
const owner = (id: string) => ({ id, name: `Dealer ${id}`, location: { address: { city: 'Philadelphia' } } });
// Only the keys the references care about: the items are opaque JSON to them.
const result = { listings: [listing('1'), listing('2'), listing('3')], owners: [owner('d1'), owner('d2')] } as unknown as ReferredResult;

/** As the page carries it: written with references, then parsed. */
const carried = (data: RegionData) =>
  JSON.parse(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(data).map(([url, e]) => {
          const refs = e.ok ? referToResult(e.body, result) : null;
          return [url, refs ? { ok: true, refs: true, body: refs } : e];
        }),
      ),
    ),
  ) as unknown;

describe("a region's data refers to the first-load result's listings and owners instead of repeating them", () => {
  it.each([
    ['the very listing', listing('2'), { [STATE_REF]: 'listing:2' }],
    ['the listing with a key added', listing('1', { listingTier: 'featured' }), { [STATE_REF]: 'listing:1', listingTier: 'featured' }],
    ['the listing with a value changed', listing('3', { year: 2023 }), { [STATE_REF]: 'listing:3', year: 2023 }],
  ])('%s is a reference', (_, item, ref) => {
    expect(referToResult({ listings: [item], totalCount: 1 }, result)).toEqual({ listings: [ref], totalCount: 1 });
  });

  it.each([
    ['a listing the result does not have', { listings: [listing('9')] }],
    ['a listing lacking a key the result has (another thing told)', { listings: [{ id: '1', vin: 'VIN1' }] }],
    ['an answer without listings or owners', { avg: 30000 }],
    ['an answer whose items already have the reference key', { listings: [listing('1'), { [STATE_REF]: 'x', id: '2' }] }],
    ['not an object', ['1']],
  ])('%s is written whole', (_, body) => {
    expect(referToResult(body, result)).toBeNull();
  });

  it('writes nothing as a reference without a result', () => {
    expect(referToResult({ listings: [listing('1')] }, null)).toBeNull();
  });

  it('reads back to exactly what the server render fetched, owners included', () => {
    const data: RegionData = {
      '/spotlight?tier=featured': {
        ok: true,
        body: { listings: [listing('1', { listingTier: 'featured' }), listing('9')], owners: [owner('d2'), owner('d9')], totalCount: 2 },
      },
      '/price': { ok: true, body: { avg: 30000 } },
      '/failed': { ok: false },
    };
    const json = carried(data) as Record<string, { refs?: true; body: { owners: unknown[] } }>;
    expect(json['/spotlight?tier=featured'].refs).toBe(true);
    expect(json['/spotlight?tier=featured'].body.owners[0]).toEqual({ [STATE_REF]: 'owner:d2' });
    expect(json['/price'].refs).toBeUndefined();
    expect(resolveRegionData(json, result)).toEqual(data);
  });

  it('leaves out an entry with references once the search has changed, or when one is gone, and keeps the rest', () => {
    const data: RegionData = {
      '/spotlight': { ok: true, body: { listings: [listing('1')] } },
      '/price': { ok: true, body: { avg: 30000 } },
    };
    expect(resolveRegionData(carried(data), null)).toEqual({ '/price': data['/price'] });
    expect(resolveRegionData(carried(data), { listings: [listing('2')], owners: [] } as unknown as ReferredResult)).toEqual({
      '/price': data['/price'],
    });
  });

  it('reads data without references (a build that does not write them) as it is, and anything else as nothing', () => {
    const plain = { '/a': { ok: true, body: { listings: [listing('1')] } }, '/b': { ok: false } };
    expect(resolveRegionData(plain, result)).toEqual(plain);
    expect(resolveRegionData('nonsense', result)).toEqual({});
    expect(resolveRegionData(null, null)).toEqual({});
  });
});
