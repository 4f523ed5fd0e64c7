import { render, screen } from '@testing-library/react';
import { BusContext, RegionDataContext } from '@cfs/remote-kit';
import { listing as baseListing, result } from '@cfs/test-kit';
import { ResultsGrid } from '../src/components/ResultsGrid';
import { END_TEXT } from '../src/rules/end-of-results';
import { busWith, tierData } from './fixtures';

/**
 * What follows the last page is code of its own: the grid's first render does without it, and it
 * shows once its code has loaded (end-of-results.test.tsx covers the render with it loaded first,
 * as the server does). A fresh module registry per test file: here the code is not loaded yet.
 */
describe('what follows the last page, as code of its own', () => {
  beforeEach(() => {
    global.fetch = jest.fn(async () => ({ ok: false, status: 503, text: async () => '{}' })) as unknown as typeof fetch;
  });

  it('is not in the first render and shows once its code has loaded', async () => {
    // One listing found: the first page is the last.
    const last = { ...result([baseListing(1)]), totalResultCount: 1 };
    render(
      <BusContext.Provider value={busWith({ query: { makeCode: ['FORD'], zip: '30301' }, result: last })}>
        <RegionDataContext.Provider value={tierData()}>
          <ResultsGrid />
        </RegionDataContext.Provider>
      </BusContext.Provider>,
    );
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('form', { name: END_TEXT.captureHeading })).not.toBeInTheDocument();
    expect(await screen.findByRole('form', { name: END_TEXT.captureHeading })).toBeInTheDocument();
  });
});
