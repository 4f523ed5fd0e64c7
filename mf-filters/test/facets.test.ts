import type { SearchResult } from '@cfs/contracts';
import { sameFacets } from '../src/rules/facets';
import { RESULT } from './helpers';

const copy = (r: SearchResult): SearchResult => JSON.parse(JSON.stringify(r));

describe('sameFacets', () => {
  it('holds for another answer with the same facets, whatever its listings', () => {
    expect(sameFacets(RESULT, { ...copy(RESULT), listings: [], totalResultCount: 5 })).toBe(true);
    expect(sameFacets(null, { listings: [], owners: [], totalResultCount: 0 })).toBe(true);
  });

  it('fails when a count, a label, an option or a facet differs', () => {
    const count = copy(RESULT);
    count.filters!.makeCode.options[0].count = 121;
    expect(sameFacets(RESULT, count)).toBe(false);
    const label = copy(RESULT);
    label.filters!.modelCode.options[1].label = 'Mustang Mach-E';
    expect(sameFacets(RESULT, label)).toBe(false);
    const fewer = copy(RESULT);
    fewer.filters!.makeCode.options.pop();
    expect(sameFacets(RESULT, fewer)).toBe(false);
    const other = copy(RESULT);
    delete other.filters!.modelCode;
    other.filters!.trimCode = RESULT.filters!.modelCode;
    expect(sameFacets(RESULT, other)).toBe(false);
    expect(sameFacets(RESULT, null)).toBe(false);
  });
});
