import { defaultFlags } from '@cfs/bus';
import { cardModel, certifiedTiles } from '../src/rules/card-model';
import { listing, owner } from './fixtures';

const flags = defaultFlags();
const payments = { monthly: 456.4, termMonths: 72, apr: 6.5, downPayment: 2000 };

describe('card model: the deal', () => {
  it.each([
    ['GREAT', 'Great Deal'],
    ['GOOD', 'Good Deal'],
    ['FAIR', null],
    ['HIGH', null],
    [undefined, null],
  ])('deal rating %s reads %s', (dealIndicator, deal) => {
    expect(cardModel(listing(1, { pricingDetail: { salePrice: 1, dealIndicator } }), owner(1)).deal).toBe(deal);
  });

  it('shows the monthly payment with the payments flag, as a ribbon on the recommended tier', () => {
    const l = listing(1, { pricingDetail: { salePrice: 30000, payments } });
    expect(cardModel(l, owner(1), { flags }).payment).toBe('$456/mo');
    expect(cardModel(l, owner(1), { flags }).paymentRibbon).toBe(false);
    expect(cardModel(l, owner(1), { flags, tier: 'recommended' }).paymentRibbon).toBe(true);
    expect(cardModel(l, owner(1), { flags: { ...flags, payments: false } }).payment).toBeNull();
    expect(cardModel(listing(2, { pricingDetail: { salePrice: 1 } }), owner(1), { flags }).payment).toBeNull();
  });

  it('shows MSRP on new listings above the price, the incentive and the reduced-price mark', () => {
    const m = cardModel(
      listing(1, { listingType: 'NEW', isReducedPrice: true, pricingDetail: { salePrice: 40000, msrp: 42500, incentive: 1500 } }),
      owner(1),
    );
    expect(m.msrp).toBe('MSRP $42,500');
    expect(m.incentive).toBe('Includes $1,500 incentive');
    expect(m.reduced).toBe(true);
    expect(cardModel(listing(1, { listingType: 'USED', pricingDetail: { salePrice: 40000, msrp: 42500 } }), owner(1)).msrp).toBeNull();
    expect(cardModel(listing(1, { listingType: 'NEW', pricingDetail: { salePrice: 43000, msrp: 42500 } }), owner(1)).msrp).toBeNull();
  });

  it.each([
    ['NEW', 'New'],
    ['USED', 'Used'],
    ['CERTIFIED', 'Certified'],
    ['3P_CERT', 'Third-Party Certified'],
  ] as const)('listing type %s reads %s', (listingType, label) => {
    expect(cardModel(listing(1, { listingType }), owner(1)).listingType).toBe(label);
  });

  it('marks the tier in words a shopper understands', () => {
    expect(cardModel(listing(1), owner(1), { tier: 'sponsored' }).tierLabel).toBe('Sponsored');
    expect(cardModel(listing(1), owner(1), { tier: 'recommended' }).tierLabel).toBe('Recommended');
    expect(cardModel(listing(1), owner(1)).tierLabel).toBeNull();
  });

  it('shows the urgency highlight by type with the flag; a vehicle highlight carries up to 4 images', () => {
    const sources = Array.from({ length: 6 }, (_, k) => ({ src: `/i/${k}.svg`, alt: `view ${k}` }));
    const l = listing(1, {
      images: { sources, primary: 0 },
      vehicleHighlight: { isVehicleHighlight: true, urgencyDriverType: 'PRICE_REDUCED', urgencyDriverValue: 'Reduced $500' },
    });
    const m = cardModel(l, owner(1), { flags, tier: 'highlight' });
    expect(m.urgency).toEqual({ header: 'Price Drop', text: 'Reduced $500' });
    expect(m.moreImages.map((i) => i.src)).toEqual(['/i/1.svg', '/i/2.svg', '/i/3.svg']);
    expect(cardModel(l, owner(1), { flags }).moreImages).toEqual([]);
    expect(cardModel(l, owner(1), { flags: { ...flags, vehicleHighlight: false } }).urgency).toBeNull();
    expect(cardModel(listing(2), owner(1), { flags }).urgency).toBeNull();
  });

  it.each<[number | undefined, string | null]>([
    [12, '12 views in the past 7 days'],
    [1234, '1,234 views in the past 7 days'],
    [4, '4 views in the past 7 days'],
    [3, null],
    [1, null],
    [0, null],
    [-5, null],
    [Number.NaN, null],
    [undefined, null],
  ])('shows %s views for 7 days only when more than 3 people viewed it', (viewCount, text) => {
    expect(cardModel(listing(1, { viewCount }), owner(1)).views).toBe(text);
  });

  it.each<[boolean | undefined, boolean]>([
    [true, true],
    [false, false],
    [undefined, false],
  ])('marks a listing the eligibility call finds sellable (%s) as available to buy online: %s', (eligible, shown) => {
    expect(cardModel(listing(1), owner(1), { eligible }).buyOnline).toBe(shown);
  });
});

describe('card model: the dealer', () => {
  const dealer = owner(1, {
    rating: { value: 4.56, count: 123 },
    homeServices: ['BUY_ONLINE', 'HOME_DELIVERY', 'UNKNOWN'],
    shippingLabel: 'Home delivery available',
    website: { href: 'https://dealer-1.example' },
  });

  it('shows the rating, home services (flag) and shipping label', () => {
    const m = cardModel(listing(1), dealer, { flags });
    expect(m.dealerRating).toBe('Rated 4.6 of 5 (123 reviews)');
    expect(m.homeServices).toEqual(['Buy Online', 'Home Delivery']);
    expect(m.shippingLabel).toBe('Home delivery available');
    expect(cardModel(listing(1), dealer, { flags: { ...flags, homeServices: false } }).homeServices).toEqual([]);
  });

  it('links the dealer name to its site only with the flag, never for a private seller or an unsafe link', () => {
    expect(cardModel(listing(1), dealer, { flags }).dealerHref).toBe('https://dealer-1.example');
    expect(cardModel(listing(1), dealer, { flags: { ...flags, clickableDealerName: false } }).dealerHref).toBeUndefined();
    expect(cardModel(listing(1), { ...dealer, privateSeller: true }, { flags }).dealerHref).toBeUndefined();
    expect(cardModel(listing(1), { ...dealer, website: { href: 'javascript:alert(1)' } }, { flags }).dealerHref).toBeUndefined();
  });
});

describe('certified tiles (page-furniture §4)', () => {
  const t = (product: string | undefined, makeCode: string, makeName = makeCode) => ({ product, makeCode, makeName });

  it.each([
    [
      'BUICK, CHEV and GMC share one GM tile',
      [t('BUICK_CPO', 'BUICK'), t('CHEV_CPO', 'CHEV'), t('GMC_CPO', 'GMC')],
      ['GM Certified Pre-Owned'],
    ],
    ['the Chrysler group has another', [t('JEEP_CPO', 'JEEP'), t('RAM_CPO', 'RAM')], ['Chrysler Group Certified Pre-Owned']],
    ['hidden for FORD_BLUE_CERT', [t('FORD_BLUE_CERT', 'FORD', 'Ford')], []],
    ['a Ford Gold tile', [t('FORD_GOLD_CERT', 'FORD', 'Ford')], ['Ford Certified Pre-Owned']],
    [
      'at most 2',
      [t('CHEV_CPO', 'CHEV'), t('JEEP_CPO', 'JEEP'), t('TOYOTA_CPO', 'TOYOTA', 'Toyota')],
      ['GM Certified Pre-Owned', 'Chrysler Group Certified Pre-Owned'],
    ],
    ['none without a product', [t(undefined, 'CHEV')], []],
  ])('%s', (_, products, tiles) => {
    expect(certifiedTiles(products)).toEqual(tiles);
  });

  it('shows the tile on certified listings only', () => {
    const l = listing(1, { listingType: 'CERTIFIED', certifiedProduct: 'CHEV_CPO', make: { code: 'CHEV', name: 'Chevrolet' } });
    expect(cardModel(l, owner(1)).certifiedTiles).toEqual(['GM Certified Pre-Owned']);
    expect(cardModel({ ...l, listingType: 'USED' }, owner(1)).certifiedTiles).toEqual([]);
  });
});

describe('a listing from a neighbouring market (market extension)', () => {
  const nearby = listing(1, { marketExtension: { parentOwnerId: 'd100009', imeDmaMatch: false } });

  it.each([
    ['from a nearby market, flag on', nearby, true, 'From a nearby market'],
    ['from a nearby market, flag off', nearby, false, null],
    ['from its own market, flag on', listing(2), true, null],
    ['an empty parent, flag on', listing(3, { marketExtension: { parentOwnerId: '', imeDmaMatch: true } }), true, null],
  ])('%s', (_, l, on, note) => {
    expect(cardModel(l, owner(1), { flags: { ...flags, marketExtension: on } }).nearbyMarket).toBe(note);
  });
});

describe("a card's specifications and marks (search-results §3)", () => {
  it.each([
    [
      'every one the listing carries, in order',
      { mpg: { city: 22, highway: 30 }, engine: '6 Cylinder', driveType: '4WD' },
      ['Fuel economy: 22 city / 30 hwy MPG', 'Engine: 6 Cylinder', 'Drive type: 4WD'],
    ],
    [
      'an electric range, no fuel economy of 0',
      { mpg: { city: 0, highway: 0 }, mileRange: 1250 },
      ['Electric range: 1,250 mi electric range'],
    ],
    ['blank texts are left out', { engine: '  ', driveType: '' }, []],
    ['none', undefined, []],
  ])('%s', (_, specifications, shown) => {
    const m = cardModel({ ...listing(1), specifications } as never, owner(1));
    expect(m.specs.map((s) => `${s.name}: ${s.value}`)).toEqual(shown);
  });

  it.each([
    [{ hasSpecialOffer: true, isHot: true }, ['Special Offer', 'Hot Car']],
    [{ hasSpecialOffer: true }, ['Special Offer']],
    [{ isHot: true }, ['Hot Car']],
    [{ hasSpecialOffer: false, isHot: false }, []],
  ])('%j is marked %j', (fields, marks) => {
    expect(cardModel({ ...listing(1), ...fields }, owner(1)).marks).toEqual(marks);
  });
});
