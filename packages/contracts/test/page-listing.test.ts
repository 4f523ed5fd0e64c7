import { forPage, PAGE_LISTING_FIELDS, PAGE_OWNER_FIELDS, type Listing, type Owner } from '../src';

const listing = {
  id: '1',
  vin: 'VIN1',
  title: 'Used 2021 Honda Civic EX w/ Sport Package',
  year: 2021,
  features: ['Sunroof'],
  vehicleHistory: ['No accidents'],
  paymentServices: { paymentCalculationUrl: '/pay', incentivesUrl: '/inc' },
  pricingDetail: { salePrice: 21000 },
} as unknown as Listing;
const owner = { id: 'd1', name: 'Dealer', images: { sources: [] }, rating: { value: 4.5, count: 10 } } as unknown as Owner;

describe('a listing as the search page carries it', () => {
  it("keeps the fields the page reads and leaves out the others, leaving the answer's other values as they are", () => {
    const body = { listings: [listing], owners: [owner], totalResultCount: 1, filters: { makeCode: { options: [] } } };
    const page = forPage(body);
    expect(page).toEqual({
      listings: [{ id: '1', vin: 'VIN1', title: listing.title, year: 2021, pricingDetail: { salePrice: 21000 } }],
      owners: [{ id: 'd1', name: 'Dealer', rating: { value: 4.5, count: 10 } }],
      totalResultCount: 1,
      filters: body.filters,
    });
    // The answer itself is not changed.
    expect(body.listings[0]).toBe(listing);
    expect(listing.features).toEqual(['Sunroof']);
  });

  it('leaves anything without listings or owners as it is', () => {
    for (const body of [null, 'text', 3, [1, 2], { creative: { src: '/a.png' } }]) expect(forPage(body)).toBe(body);
    const onlyOwners = forPage({ owners: [owner] });
    expect(onlyOwners).toEqual({ owners: [{ id: 'd1', name: 'Dealer', rating: { value: 4.5, count: 10 } }] });
    expect('listings' in onlyOwners).toBe(false);
    // An item that is not an object is left as it is.
    expect(forPage({ listings: [null, 'x'] })).toEqual({ listings: [null, 'x'] });
  });

  it('names each field once', () => {
    expect(new Set(PAGE_LISTING_FIELDS).size).toBe(PAGE_LISTING_FIELDS.length);
    expect(new Set(PAGE_OWNER_FIELDS).size).toBe(PAGE_OWNER_FIELDS.length);
  });
});
