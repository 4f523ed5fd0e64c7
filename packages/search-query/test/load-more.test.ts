import {
  blocksReached,
  loadMorePage,
  loadMoreRequest,
  morePagesExist,
  pageOfRecord,
  pageSizeFor,
  spotlightPageOfBlock,
  trimCount,
} from '../src/load-more';

describe('load-more paging (page-furniture §4, §9)', () => {
  it.each<[number, number]>([
    [0, 2],
    [29, 2],
    [30, 3],
    [59, 3],
    [60, 4],
    [24, 2],
    [54, 3],
    [34_980, 1168],
    [-5, 2],
    [Number.NaN, 2],
  ])('a load-more after the page starting at record %i makes page %i current', (firstRecord, page) => {
    expect(loadMorePage(firstRecord)).toBe(page);
  });

  it.each<[number, number]>([
    [0, 1],
    [29, 1],
    [30, 2],
    [89, 3],
  ])('record %i is on page %i', (record, page) => {
    expect(pageOfRecord(record)).toBe(page);
  });

  it('asks for the page after the one shown: the spec formula and the block of the next page agree', () => {
    for (let shown = 0; shown < 300; shown += 30) {
      const next = loadMoreRequest(shown + 30);
      expect(loadMorePage(shown)).toBe(spotlightPageOfBlock(next.firstRecord / 30));
    }
  });

  it.each<[number, number]>([
    [0, 0],
    [1, 1],
    [24, 1],
    [30, 1],
    [31, 2],
    [54, 2],
    [3000, 100],
  ])('%i listings reach %i blocks of 30', (listings, blocks) => {
    expect(blocksReached(listings)).toBe(blocks);
  });

  it('a load-more asks for 30 listings right after those shown', () => {
    expect(loadMoreRequest(24)).toEqual({ firstRecord: 24, numRecords: 30 });
    expect(loadMoreRequest(54)).toEqual({ firstRecord: 54, numRecords: 30 });
    expect(loadMoreRequest(-1)).toEqual({ firstRecord: 0, numRecords: 30 });
  });

  it.each<[string, number, number]>([
    ['ford', 25, 30],
    ['ford', 24, 24],
    ['ford', 30, 30],
    ['atc', 25, 25],
    ['kbb', 24, 24],
  ])('brand %s with a configured page size of %i searches %i', (brand, configured, size) => {
    expect(pageSizeFor(brand, configured)).toBe(size);
  });

  it.each<[number, number, number, boolean]>([
    [24, 35_000, Infinity, true],
    [34_999, 35_000, Infinity, true],
    [35_000, 35_000, Infinity, false],
    [0, 35_000, Infinity, false],
    [24, 24, Infinity, false],
    [90, 35_000, 90, false],
    [60, 35_000, 90, true],
  ])('with %i loaded of %i (cap %d), more pages exist: %s', (loaded, total, cap, more) => {
    expect(morePagesExist(loaded, total, cap)).toBe(more);
  });
});

describe('infinite-scroll trim (search-results §4, §9)', () => {
  it.each<[number, number, number]>([
    [20, 3, 6],
    [20, 2, 8],
    [20, 1, 8],
    [8, 3, 6],
    [5, 3, 3],
    [2, 3, 0],
    [0, 1, 0],
    [7, 1, 7],
    [100, 4, 8],
    [100, 0, 8],
  ])('%i entries scrolled past in %i columns: %i trimmed', (trimmable, columns, trimmed) => {
    expect(trimCount(trimmable, columns)).toBe(trimmed);
  });
});
