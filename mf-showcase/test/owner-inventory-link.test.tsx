import { render, screen } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import type { SearchResult } from '@cfs/contracts';
import { answer, listing, owner, result, mockFetch } from '@cfs/test-kit';
import { ShowcaseApp } from '../src/components/ShowcaseApp';

const fetchMock = mockFetch();

/** The first premium listing is a Ford F-150 of d1: with a Ranger searched, the owner context shows. */
const premium: SearchResult = result(
  [listing('a1', { ownerId: 'd1', title: '2021 Ford F-150 XLT' }), listing('a2', { ownerId: 'd1', title: '2020 Ford F-150 Lariat' })],
  [owner('d1', { name: 'Peachtree Ford' })],
);

describe("the owner context's 'View All Cars' (flag ownerInventoryLink, page-furniture §6)", () => {
  it.each([true, false])('flag ownerInventoryLink %s: the link to the dealer inventory shows only with the flag on', async (on) => {
    fetchMock.mockResolvedValue(answer(premium));
    const bus = createBus({
      brand: { brand: 'atc', flags: { ...defaultFlags(), exactMatch: true, alphaCriteria: true, ownerInventoryLink: on } },
      search: { query: { makeCode: ['FORD'], modelCode: ['RANGER'] }, result: null, status: 'success', requestId: 1, error: null },
    });
    render(
      <BusContext.Provider value={bus}>
        <ShowcaseApp />
      </BusContext.Provider>,
    );
    // The owner context is there either way; only the link depends on the flag.
    expect(await screen.findByRole('heading', { name: 'Featured Dealer Near You' })).toBeInTheDocument();
    expect(screen.getByText('Peachtree Ford')).toBeInTheDocument();
    const link = screen.queryByRole('link', { name: 'View All Cars' });
    if (on) expect(link).toHaveAttribute('href', '/cars-for-sale?showcaseOwnerId=d1');
    else expect(link).not.toBeInTheDocument();
  });
});
