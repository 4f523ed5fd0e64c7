import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, RELAXATIONS_PATH, type FilterRelaxationResult, type SearchQuery } from '@cfs/contracts';
import { busWith, renderGrid } from './fixtures';

const EMPTY = { listings: [], owners: [], totalResultCount: 0 };

function gateway(body: FilterRelaxationResult | null) {
  const urls: string[] = [];
  global.fetch = jest.fn(async (url: string) => {
    // The grid's own tier calls (spotlights, highlights) answer nothing; only the rescue's are counted.
    if (!url.startsWith(RELAXATIONS_PATH)) return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(EMPTY) };
    urls.push(url);
    return body
      ? { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(body) }
      : { ok: false, status: 404, statusText: 'Not Found', text: async () => '{"error":"not found"}' };
  }) as unknown as typeof fetch;
  return urls;
}

afterEach(() => {
  delete (global as { fetch?: unknown }).fetch;
});

describe('the no-results message with the way out', () => {
  it('offers each single filter to remove with the listings it brings back, best first; one click searches without it', async () => {
    const urls = gateway({
      totalResultCount: 0,
      relaxations: [
        {
          key: 'price',
          values: ['10000', '12000'],
          label: 'Price: $10,000 – $12,000',
          count: 37,
          remove: ['minPrice', 'maxPrice'],
          search: 'extColorSimple=RED',
        },
        {
          key: 'extColorSimple',
          values: ['RED'],
          label: 'Exterior Color: Red',
          count: 0,
          remove: ['extColorSimple'],
          search: 'minPrice=10000',
        },
        { key: 'keywordPhrases', values: ['gt'], label: 'Keyword: gt', count: 1, remove: ['keywordPhrases'], search: '' },
      ],
    });
    const query: SearchQuery = { minPrice: 10000, maxPrice: 12000, extColorSimple: ['RED'], keywordPhrases: 'gt', firstRecord: 30 };
    const bus = busWith({ query, result: EMPTY });
    const published: SearchQuery[] = [];
    bus.on('filters:changed', ({ query: q }) => published.push(q));
    renderGrid(bus);
    expect(screen.getByText(MESSAGES.noResults)).toBeInTheDocument();
    const options = await screen.findAllByRole('button', { name: /^Remove / });
    expect(options.map((b) => b.textContent)).toEqual([
      'Remove Price: $10,000 – $12,000 to see 37 results',
      'Remove Keyword: gt to see 1 result',
    ]);
    expect(urls).toEqual([`${RELAXATIONS_PATH}?minPrice=10000&maxPrice=12000&extColorSimple=RED&keywordPhrases=gt`]);
    await userEvent.click(options[0]);
    expect(published).toEqual([{ extColorSimple: ['RED'], keywordPhrases: 'gt', firstRecord: 30 }]);
  });

  it('shows only the message when the call fails', async () => {
    const urls = gateway(null);
    renderGrid(busWith({ query: { minPrice: 10000 }, result: EMPTY }));
    expect(screen.getByText(MESSAGES.noResults)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 10));
    expect(urls).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('asks nothing while a search loads', () => {
    const urls = gateway(null);
    renderGrid(busWith({ query: { minPrice: 10000 }, result: { ...EMPTY, totalResultCount: 0, listings: [] }, status: 'loading' }));
    expect(urls).toEqual([]);
  });
});
