import { render, screen, within } from '@testing-library/react';
import { createBus, defaultFlags } from '@cfs/bus';
import type { Brand } from '@cfs/contracts';
import { BusContext, RegionDataContext } from '@cfs/remote-kit';
import { ResultsRegion } from '../src/components/ResultsRegion';
import { ACTION_TEXTS } from '../src/rules/listing-actions';
import { listing, owner, tierData } from './fixtures';

/** The results region of one listing for a brand, every flag on. */
function setup(brand: Brand) {
  const bus = createBus({
    search: {
      query: {},
      result: { listings: [listing(1)], owners: [owner(1)], totalResultCount: 1 },
      status: 'success',
      requestId: 1,
      error: null,
    },
    brand: { brand, flags: defaultFlags() },
  });
  return render(
    <BusContext.Provider value={bus}>
      <RegionDataContext.Provider value={tierData()}>
        <ResultsRegion />
      </RegionDataContext.Provider>
    </BusContext.Provider>,
  );
}

const card = () => screen.getByRole('article', { name: 'Used 2020 Ford F150 XLT 1' });
const QUICK = [ACTION_TEXTS.email, ACTION_TEXTS.report, ACTION_TEXTS.share, ACTION_TEXTS.save];

describe('the Ford certified-used variant (page-furniture §1: quick actions are hidden)', () => {
  it('the main brand shows the quick actions on a card', () => {
    setup('atc');
    for (const name of QUICK) expect(within(card()).getByRole('button', { name })).toBeInTheDocument();
  });

  it('the Ford brand shows none of them, and keeps the links to the seller', () => {
    const { unmount } = setup('atc');
    const links = within(card())
      .getAllByRole('link')
      .map((a) => a.textContent);
    unmount();
    setup('ford');
    for (const name of QUICK) expect(within(card()).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(
      within(card())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(links);
  });
});
