import { screen, within } from '@testing-library/react';
import { PRICE_MISSING } from '@cfs/search-query';
import { cardModel, formatDistance, formatMileage, PRIVATE_SELLER } from '../src/rules/card-model';
import { busWith, listing, owner, renderGrid } from './fixtures';

function renderOne(l = listing(1), o = owner(1)) {
  renderGrid(busWith({ result: { listings: [l], owners: [o], totalResultCount: 1 } }));
  return screen.getByRole('article');
}

describe('listing card', () => {
  it('shows the title cut at " w/" as the heading, linking to the detail page with a click type', () => {
    const card = renderOne();
    const heading = within(card).getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent(/^Used 2020 Ford F150 XLT 1$/);
    expect(card).toHaveAccessibleName('Used 2020 Ford F150 XLT 1');
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/cars-for-sale/vehicle/1?clickType=listing');
  });

  it('shows price, mileage, year, dealer and the distance rounded to 2 decimals', () => {
    const card = renderOne();
    const price = within(card).getByRole('link', { name: '$23,456' });
    expect(price).toHaveAttribute('href', '/cars-for-sale/vehicle/1?clickType=listing#pricingDetails');
    expect(within(card).getByText('12,345 mi')).toBeInTheDocument();
    expect(within(card).getByText('2020')).toBeInTheDocument();
    expect(within(card).getByText('Dealer 1')).toBeInTheDocument();
    expect(within(card).getByText('12.35 mi away')).toBeInTheDocument();
  });

  it('shows the primary image with its alt text', () => {
    const card = renderOne();
    const img = within(card).getByRole('img', { name: 'Front of car 1' });
    expect(img).toHaveAttribute('src', '/images/1-1.jpg');
  });

  it('omits the distance when the owner has none, and says so when the price is missing', () => {
    const l = listing(1, { pricingDetail: {} });
    const card = renderOne(l, owner(1, { distanceFromSearch: undefined }));
    expect(within(card).queryByText(/mi away/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: PRICE_MISSING })).toBeInTheDocument();
  });

  it('links nothing when the detail page URL is not safe: the title and price show as text', () => {
    const card = renderOne(listing(1, { vdpBaseUrl: 'javascript:alert(1)' }));
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 3, name: 'Used 2020 Ford F150 XLT 1' })).toBeInTheDocument();
    expect(within(card).getByText('$23,456')).toBeInTheDocument();
  });

  it('labels private sellers', () => {
    const card = renderOne(listing(1), owner(1, { privateSeller: true, name: 'Jane D.' }));
    expect(within(card).getByText(PRIVATE_SELLER)).toBeInTheDocument();
    expect(within(card).getByText('Jane D.')).toBeInTheDocument();
  });

  it('falls back to the first image, and to the title as alt text', () => {
    const l = listing(1, { images: { primary: 7, sources: [{ src: '/images/only.jpg', alt: '' }] } });
    const card = renderOne(l);
    expect(within(card).getByRole('img', { name: 'Used 2020 Ford F150 XLT 1' })).toHaveAttribute('src', '/images/only.jpg');
  });
});

describe('card values', () => {
  it('formats distance (12.3456 -> 12.35) and mileage', () => {
    expect(formatDistance(12.3456)).toBe('12.35 mi away');
    expect(formatDistance(3)).toBe('3 mi away');
    expect(formatMileage(12345)).toBe('12,345 mi');
    expect(formatMileage(0)).toBe('0 mi');
  });

  it('joins the click type with & when the base URL already has a query', () => {
    expect(cardModel(listing(1, { vdpBaseUrl: '/v/1?x=1' }), undefined).detailHref).toBe('/v/1?x=1&clickType=listing');
  });

  it('works without an owner', () => {
    const m = cardModel(listing(1), undefined);
    expect(m.seller).toBeNull();
    expect(m.distance).toBeNull();
  });
});
