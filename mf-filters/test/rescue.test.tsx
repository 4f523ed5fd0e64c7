import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RELAXATIONS_PATH,
  type FilterRelaxation,
  type FilterRelaxationResult,
  type SearchKey,
  type SearchQuery,
  type SearchResult,
} from '@cfs/contracts';
import { renderToString } from 'react-dom/server';
import { createBus, initialState } from '@cfs/bus';
import { BusContext, WANTED_NOW_ATTR } from '@cfs/remote-kit';
import { firstLoadState } from '@cfs/test-kit';
import { ZeroResultsRescue } from '../src/components/ZeroResultsRescue';
import { render as serverRender } from '../src/server';
import { rankRescues, removals, rescueText } from '../src/rules/rescue';
import { renderControl } from './helpers';

const NONE: SearchResult = {
  listings: [],
  owners: [],
  totalResultCount: 0,
  filters: {
    makeCode: { options: [{ value: 'FORD', label: 'Ford', count: 3 }] },
    extColorSimple: { options: [{ value: 'RED', label: 'Red', count: 9 }] },
  },
};

/** The gateway's filter-relaxation call answering `relaxations` (or failing with 503). */
function gateway(relaxations: FilterRelaxation[] | null) {
  const urls: string[] = [];
  global.fetch = jest.fn(async (url: string) => {
    urls.push(url);
    const body: FilterRelaxationResult = { totalResultCount: 0, relaxations: relaxations ?? [] };
    return relaxations
      ? { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) }
      : { ok: false, status: 503, statusText: 'Unavailable', text: async () => '{"error":"down"}' };
  }) as unknown as typeof fetch;
  return urls;
}

const relax = (key: string, label: string, count: number, remove: SearchKey[]): FilterRelaxation => ({
  key,
  values: [],
  label,
  count,
  remove,
  search: '',
});

function setup(query: SearchQuery, result: SearchResult = NONE) {
  const { bus, published } = renderControl(<ZeroResultsRescue />, { query, result });
  return { bus, published };
}

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('rescue rules', () => {
  const q: SearchQuery = {
    makeCode: ['FORD'],
    modelCode: ['F150'],
    minPrice: 10000,
    maxPrice: 12000,
    extColorSimple: ['RED'],
    zip: '30301',
    searchRadius: 50,
    keywordPhrases: 'sunroof',
    firstRecord: 24,
  };

  it('names each single removable filter, in the panel order, and what removing it searches', () => {
    const list = removals(q, NONE, 2026);
    expect(list.map((r) => r.label)).toEqual(
      expect.arrayContaining([
        'Distance: 50 miles',
        'Price: $10,000 – $12,000',
        'Make: Ford, F150',
        'Exterior Color: Red',
        'Keyword: sunroof',
      ]),
    );
    const price = list.find((r) => r.id === 'price')!;
    expect(price.next).toEqual({
      makeCode: ['FORD'],
      modelCode: ['F150'],
      extColorSimple: ['RED'],
      zip: '30301',
      searchRadius: 50,
      keywordPhrases: 'sunroof',
      firstRecord: 24,
    });
    expect(list.find((r) => r.id === 'location')!.next).toMatchObject({ zip: '30301', searchRadius: 0 });
    expect(list.find((r) => r.id === 'makeModel')!.next).not.toHaveProperty('modelCode');
  });

  it('offers only removals that bring listings back, most first', () => {
    const r = (id: string, count: number) => ({ id, label: id, next: {}, count });
    expect(rankRescues([r('a', 0), r('b', 5), r('c', 37)]).map((x) => x.id)).toEqual(['c', 'b']);
    expect(rescueText({ id: 'price', label: 'Price: $10,000 – $12,000', next: {}, count: 37 })).toBe(
      'Remove Price: $10,000 – $12,000 to see 37 results',
    );
    expect(rescueText({ id: 'k', label: 'Keyword: x', next: {}, count: 1 })).toBe('Remove Keyword: x to see 1 result');
  });
});

describe('Zero results rescue', () => {
  it("after the render, asks the gateway's filter-relaxation call and offers its removals best first; one click searches without that filter", async () => {
    const urls = gateway([
      relax('extColorSimple', 'Exterior Color: Red', 4, ['extColorSimple']),
      relax('price', 'Price: $10,000 – $12,000', 37, ['minPrice', 'maxPrice']),
      relax('makeCode', 'Make: Ford', 0, ['makeCode', 'modelCode']),
    ]);
    const { published } = setup({ makeCode: ['FORD'], minPrice: 10000, maxPrice: 12000, extColorSimple: ['RED'], firstRecord: 24 });
    expect(screen.getByRole('status')).toHaveTextContent('Looking for filters to remove…');
    const options = await screen.findAllByRole('button', { name: /^Remove / });
    expect(options.map((b) => b.textContent)).toEqual([
      'Remove Price: $10,000 – $12,000 to see 37 results',
      'Remove Exterior Color: Red to see 4 results',
    ]);
    expect(urls).toEqual([`${RELAXATIONS_PATH}?makeCode=FORD&minPrice=10000&maxPrice=12000&extColorSimple=RED`]);
    await userEvent.click(options[0]);
    expect(published).toEqual([{ makeCode: ['FORD'], extColorSimple: ['RED'], firstRecord: 24 }]);
  });

  it('offers nothing when the call fails', async () => {
    gateway(null);
    setup({ minPrice: 10000 });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing when the search found listings, or nothing can be removed', () => {
    const urls = gateway([]);
    setup({ minPrice: 10000 }, { ...NONE, totalResultCount: 3 });
    setup({});
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(urls).toEqual([]);
  });

  it('shows nothing when no single removal brings anything back', async () => {
    gateway([relax('price', 'Price: $10,000 and up', 0, ['minPrice'])]);
    setup({ minPrice: 10000, extColorSimple: ['RED'] });
    await screen.findByRole('status');
    await new Promise((r) => setTimeout(r, 10));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('the server render', () => {
  const serverHtml = (result: SearchResult) =>
    renderToString(
      <BusContext.Provider
        value={createBus({ search: { ...initialState().search, query: { extColorSimple: ['RED'] }, result, status: 'success' } })}
      >
        <ZeroResultsRescue />
      </BusContext.Provider>,
    );

  it("shows that it is looking, and has the panel's code loaded at once to look", () => {
    const html = serverHtml(NONE);
    expect(html).toContain('Looking for filters to remove');
    expect(html).toContain(WANTED_NOW_ATTR);
  });

  it('renders nothing, and asks for nothing, when the search found listings', () => {
    expect(serverHtml({ ...NONE, totalResultCount: 3 })).toBe('');
  });

  it('asks the relaxation call itself, so the first paint offers the rescues with no code needed to look', async () => {
    const asked: string[] = [];
    const answer: FilterRelaxationResult = {
      totalResultCount: 0,
      relaxations: [relax('extColorSimple', 'Exterior Color: Red', 4, ['extColorSimple'])],
    };
    const prepared = await serverRender({
      state: firstLoadState({ query: { extColorSimple: ['RED'] }, result: NONE }),
      get: async (url) => {
        asked.push(url);
        return answer;
      },
      signal: new AbortController().signal,
    });
    expect(asked).toEqual([`${RELAXATIONS_PATH}?extColorSimple=RED`]);
    const html = renderToString(prepared.element as React.ReactElement);
    expect(html).toContain('Remove Exterior Color: Red to see 4 results');
    expect(html).not.toContain(WANTED_NOW_ATTR);
    expect(prepared.data[asked[0]]).toEqual({ ok: true, body: answer });
  });
});
