import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext } from '@cfs/remote-kit';
import type { PageEvent, SearchQuery, SearchResult } from '@cfs/contracts';
import { ShowcaseApp } from '../src/components/ShowcaseApp';
import { answer, listing, owner, result } from '@cfs/test-kit';

const premium: SearchResult = result(
  [
    listing('a1', { ownerId: 'd1', title: '2021 Ford F-150 XLT' }),
    listing('a2', { ownerId: 'd1', title: '2020 Ford F-150 Lariat' }),
    listing('a3', { ownerId: 'd1', title: '2022 Ford F-150 Raptor' }),
  ],
  [owner('d1', { name: 'Peachtree Ford' })],
);

/** Links are followed in a browser; here the click is reported and the navigation left out. */
const stayOnPage = (e: MouseEvent) => e.preventDefault();
beforeEach(() => {
  global.fetch = jest.fn().mockResolvedValue(answer(premium)) as unknown as typeof fetch;
  window.sessionStorage.clear();
  document.addEventListener('click', stayOnPage);
});
afterEach(() => document.removeEventListener('click', stayOnPage));

function setup(query: SearchQuery) {
  const bus = createBus({
    brand: { brand: 'atc', flags: { ...defaultFlags(), exactMatch: true, alphaCriteria: true } },
    search: { query, result: null, status: 'success', requestId: 1, error: null },
  });
  const events: PageEvent[] = [];
  bus.on('shell:page-event', (e) => events.push(e));
  render(
    <BusContext.Provider value={bus}>
      <ShowcaseApp />
    </BusContext.Provider>,
  );
  return events;
}

describe('showcase page events (page-furniture §7)', () => {
  it('reports the carousel opened and closed, a dealer vehicle followed, and Hide', async () => {
    const user = userEvent.setup();
    const events = setup({ makeCode: ['FORD'], modelCode: ['F150'] });
    const toggle = await screen.findByRole('button', { name: 'View Vehicles' });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: '2022 Ford F-150 Raptor' }));
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(events).toEqual([
      { type: 'showcase:carousel', ownerId: 'd1', action: 'open' },
      { type: 'showcase:sponsor-click', ownerId: 'd1', target: 'vehicle', listingId: 'a3' },
      { type: 'showcase:carousel', ownerId: 'd1', action: 'close' },
      { type: 'showcase:hide-click', ownerId: 'd1' },
    ]);
  });

  it("reports the owner view's 'View All Cars'", async () => {
    const user = userEvent.setup();
    const events = setup({ makeCode: ['FORD'], modelCode: ['RANGER'] });
    await user.click(await screen.findByRole('link', { name: 'View All Cars' }));
    expect(events).toEqual([{ type: 'showcase:sponsor-click', ownerId: 'd1', target: 'view-all' }]);
  });
});
