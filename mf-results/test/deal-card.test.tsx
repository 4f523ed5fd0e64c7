import { screen, within } from '@testing-library/react';
import { busWith, listing, owner, renderGrid, result } from './fixtures';

const payments = { monthly: 456, termMonths: 72, apr: 6.5, downPayment: 2000 };

describe('cards that carry the deal', () => {
  it('describes the card by its listing type, deal rating and payment, and shows MSRP, incentive and reduced price', () => {
    const l = listing(1, {
      listingType: 'NEW',
      isReducedPrice: true,
      pricingDetail: { salePrice: 40000, msrp: 42500, incentive: 1500, dealIndicator: 'GREAT', payments },
    });
    renderGrid(busWith({ result: { listings: [l], owners: [owner(1)], totalResultCount: 1 } }));
    const card = screen.getByRole('article', { description: /New Great Deal Price Reduced Estimated payment \$456\/mo/ });
    expect(within(card).getByText('Great Deal')).toBeInTheDocument();
    expect(within(card).getByText('$456/mo')).toBeInTheDocument();
    expect(within(card).getByText('MSRP $42,500')).toBeInTheDocument();
    expect(within(card).getByText('Includes $1,500 incentive')).toBeInTheDocument();
  });

  it('shows the dealer rating, home services, shipping label and a clickable dealer name', () => {
    const o = owner(1, {
      rating: { value: 4.5, count: 20 },
      homeServices: ['BUY_ONLINE'],
      shippingLabel: 'Home delivery available',
      website: { href: 'https://dealer-1.example' },
    });
    renderGrid(busWith({ result: { listings: [listing(1, { viewCount: 9 })], owners: [o], totalResultCount: 1 } }));
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Dealer 1' })).toHaveAttribute('href', 'https://dealer-1.example');
    expect(within(card).getByText('Rated 4.5 of 5 (20 reviews)')).toBeInTheDocument();
    expect(within(card).getByText('Buy Online')).toBeInTheDocument();
    expect(within(card).getByText('Home delivery available')).toBeInTheDocument();
    expect(within(card).getByText('9 views in the past 7 days')).toBeInTheDocument();
  });

  it('names the certified program tiles', () => {
    const l = listing(1, { listingType: 'CERTIFIED', certifiedProduct: 'GMC_CPO', make: { code: 'GMC', name: 'GMC' } });
    renderGrid(busWith({ result: { listings: [l], owners: [owner(1)], totalResultCount: 1 } }));
    const tiles = screen.getByRole('list', { name: 'Certified programs' });
    expect(within(tiles).getByText('GM Certified Pre-Owned')).toBeInTheDocument();
    expect(screen.getByRole('article', { description: /^Certified/ })).toBeInTheDocument();
  });
});

describe('tier listings in the grid', () => {
  it('puts the premium spotlights in the first three cells and boost at 6, each marked on its card', () => {
    const premium = {
      listings: [1, 2, 3].map((n) => listing(`P${n}`, { listingTier: 'spotlight', ownerId: 'DP' })),
      owners: [owner('DP')],
      totalResultCount: 3,
    };
    const boost = {
      listings: [listing('B1', { listingTier: 'boost', listingType: 'NEW', pricingDetail: { salePrice: 1, payments } })],
      owners: [],
      totalResultCount: 1,
    };
    renderGrid(busWith({ query: { zip: '30301' }, result: result(30, 100) }), { premiumresults: premium, '/boost?': boost });
    const list = screen.getByRole('list', { name: 'Vehicle listings' });
    const cells = within(list).getAllByRole('listitem', { hidden: false });
    const card = (i: number) => within(cells[i]).getByRole('article');
    expect([0, 1, 2].map((i) => card(i).getAttribute('data-tier'))).toEqual(['sponsored', 'sponsored', 'sponsored']);
    expect(card(0)).toHaveAccessibleDescription(/^Sponsored/);
    expect(within(card(0)).getByText('Dealer DP')).toBeInTheDocument();
    // The wallet card at 3, boost at 6, an ad at 7 and the filter promo at 8.
    expect(within(cells[3]).getByRole('region', { name: 'Shop by monthly budget' })).toBeInTheDocument();
    expect(card(4)).not.toHaveAttribute('data-tier');
    expect(card(6)).toHaveAccessibleDescription(/^Recommended .*\$456\/mo/);
    expect(within(cells[7]).getByRole('group', { name: 'Advertisement' })).toBeInTheDocument();
    expect(within(cells[8]).getByRole('region', { name: 'Looking for a great price?' })).toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(34);
  });

  it('asks for no boost without a 5-digit ZIP, and shows the base search when the tier calls answer nothing', () => {
    renderGrid(busWith({ result: result(5) }), { '/boost?': { listings: [listing('B1', { listingTier: 'boost' })], owners: [] } });
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(5);
    expect(cards.every((c) => !c.hasAttribute('data-tier'))).toBe(true);
  });
});
