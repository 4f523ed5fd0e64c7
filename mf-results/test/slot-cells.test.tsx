import { fireEvent, render, screen, within } from '@testing-library/react';
import { MESSAGES, type Bus } from '@cfs/contracts';
import { BusContext, RegionDataContext, type RegionData } from '@cfs/remote-kit';
import { AdSlot } from '../src/components/AdSlot';
import { PromoSlot } from '../src/components/PromoSlot';
import { WalletCard, WALLET_TEXT } from '../src/components/WalletCard';
import { adUrl, readCreative } from '../src/rules/ads';
import { readEligibility } from '../src/rules/eligibility';
import { maxPriceForBudget, parseBudget } from '../src/rules/wallet';
import { BUY_ONLINE_ELIGIBLE } from '../src/rules/card-model';
import { busWith, listing, renderGrid, result } from './fixtures';

const creative = {
  id: 'certified',
  alt: 'Certified Pre-Owned: shop certified cars.',
  href: '/cars-for-sale?listingType=CERTIFIED',
  images: [{ width: 300, height: 250, src: '/content/ads/certified-300x250.svg' }],
};

function withBus(bus: Bus, ui: React.ReactElement, data: RegionData = {}) {
  return render(
    <BusContext.Provider value={bus}>
      <RegionDataContext.Provider value={data}>{ui}</RegionDataContext.Provider>
    </BusContext.Provider>,
  );
}

describe('ad slot', () => {
  it('is a group named Advertisement holding the creative as one link named by its alt text', () => {
    withBus(busWith(), <AdSlot ad="fluid" number={1} />, { [adUrl('fluid', 1)]: { ok: true, body: { creative } } });
    const ad = screen.getByRole('group', { name: 'Advertisement' });
    const link = within(ad).getByRole('link', { name: creative.alt });
    expect(link).toHaveAttribute('href', creative.href);
    expect(within(link).getByRole('img', { name: creative.alt })).toHaveAttribute('width', '300');
  });

  it.each([
    ['no creative', { creative: null }],
    ['a creative pointing off the site', { creative: { ...creative, href: 'https://ads.example/click' } }],
    [
      'a creative whose image is on another host',
      { creative: { ...creative, images: [{ ...creative.images[0], src: '//cdn.example/a.svg' }] } },
    ],
  ])('keeps its space and shows no link with %s', (_, body) => {
    withBus(busWith(), <AdSlot ad="liner" number={2} />, { [adUrl('liner', 2)]: { ok: true, body } });
    expect(within(screen.getByRole('group', { name: 'Advertisement' })).queryByRole('link')).not.toBeInTheDocument();
  });

  it('reads only local creatives', () => {
    expect(readCreative({ creative })).toEqual(creative);
    expect(readCreative(null)).toBeNull();
    expect(readCreative({ creative: { ...creative, href: '//evil.example' } })).toBeNull();
    expect(readCreative({ creative: { ...creative, alt: ' ' } })).toBeNull();
  });
});

describe('inline filter promo', () => {
  it('narrows the search to Great and Good Deals with a button (the shell resets paging)', () => {
    const bus = busWith({ query: { makeCode: ['FORD'], firstRecord: 30 } });
    const seen: unknown[] = [];
    bus.on('filters:changed', (e) => seen.push(e.query));
    withBus(bus, <PromoSlot />);
    const promo = screen.getByRole('region', { name: 'Looking for a great price?' });
    fireEvent.click(within(promo).getByRole('button', { name: 'Show Great and Good Deals' }));
    expect(seen).toEqual([{ makeCode: ['FORD'], dealType: ['greatprice', 'goodprice'], firstRecord: 30 }]);
  });

  it('widens it back when the deals filter is on', () => {
    const bus = busWith({ query: { dealType: ['greatprice', 'goodprice'] } });
    const seen: unknown[] = [];
    bus.on('filters:changed', (e) => seen.push(e.query));
    withBus(bus, <PromoSlot />);
    fireEvent.click(screen.getByRole('button', { name: 'Show all prices' }));
    expect(seen).toEqual([{}]);
  });
});

describe('wallet card', () => {
  it('sets the max price from a monthly budget and says so', () => {
    const bus = busWith({ query: { makeCode: ['FORD'] } });
    const seen: unknown[] = [];
    bus.on('filters:changed', (e) => seen.push(e.query));
    withBus(bus, <WalletCard />);
    const card = screen.getByRole('region', { name: WALLET_TEXT.heading });
    expect(within(card).getByText('For example, $600/mo')).toBeInTheDocument();
    fireEvent.change(within(card).getByRole('textbox', { name: 'Monthly budget' }), { target: { value: '$450' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Update max price' }));
    expect(seen).toEqual([{ makeCode: ['FORD'], maxPrice: maxPriceForBudget(450) }]);
    expect(within(card).getByRole('status')).toHaveTextContent(MESSAGES.budgetUpdated);
  });

  it.each([
    [20000, true],
    [19999, false],
    [undefined, false],
  ])('at a max price of %s shows the budget copy: %s (search-results §9)', (maxPrice, shown) => {
    withBus(busWith({ query: { maxPrice } }), <WalletCard />);
    const card = screen.getByRole('region', { name: WALLET_TEXT.heading });
    const copy = within(card).queryByText(/^Cars under \$20,000 fit a budget of about \$[\d,]+\/mo\.$/);
    expect(copy !== null).toBe(shown);
  });

  it('explains a budget it cannot read and changes nothing', () => {
    const bus = busWith();
    const seen: unknown[] = [];
    bus.on('filters:changed', (e) => seen.push(e));
    withBus(bus, <WalletCard />);
    const field = screen.getByRole('textbox', { name: 'Monthly budget' });
    fireEvent.change(field, { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update max price' }));
    expect(seen).toEqual([]);
    expect(field).toHaveAccessibleDescription(WALLET_TEXT.invalid);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it.each([
    ['450', 450],
    ['$1,200', 1200],
    ['600/mo', 600],
    ['0', null],
    ['-5', null],
    ['12.5', null],
    ['', null],
    ['999999', null],
  ])('reads the budget %j as %s', (text, budget) => {
    expect(parseBudget(text)).toBe(budget);
  });

  it('turns a budget into the highest price it pays for, in steps of $500', () => {
    expect(maxPriceForBudget(600)).toBe(39500);
    expect(maxPriceForBudget(600) % 500).toBe(0);
    expect(maxPriceForBudget(300)).toBeLessThan(maxPriceForBudget(600));
  });
});

describe('eligibility to buy online on the card', () => {
  const eligible = listing(1, { vin: '1FTFW1E50MFA00001', esntial: { eligibilityService: true } });
  const url = `/eligibility/verify?vin=${eligible.vin}`;
  it.each([
    ['sellable', { totalMatched: 1, sellable: true, circuitBreakerOpen: false }, true],
    ['not sellable', { totalMatched: 1, sellable: false, circuitBreakerOpen: false }, false],
    ['the failure fallback', { totalMatched: 0, sellable: false, circuitBreakerOpen: false, message: MESSAGES.eligibilityFailed }, false],
    ['an open breaker', { totalMatched: 0, sellable: true, circuitBreakerOpen: true }, false],
  ])('shows the mark only when the call answers sellable: %s', (_, body, shown) => {
    expect(readEligibility(body)).toBe(shown);
    renderGrid(busWith({ result: { ...result(1), listings: [eligible] } }), { [url]: body });
    const card = screen.getByRole('article');
    // What a screen reader hears of the card, and what shows (a card not known to be sellable keeps the mark's room, unseen).
    const mark = within(card).queryByText(BUY_ONLINE_ELIGIBLE, { ignore: '[aria-hidden="true"]' });
    if (shown) {
      expect(card).toHaveAccessibleDescription(expect.stringContaining(BUY_ONLINE_ELIGIBLE));
      expect(mark).toBeInTheDocument();
    } else {
      expect(card).not.toHaveAccessibleDescription(expect.stringContaining(BUY_ONLINE_ELIGIBLE));
      expect(mark).not.toBeInTheDocument();
      expect(within(card).getByText(BUY_ONLINE_ELIGIBLE)).toHaveAttribute('aria-hidden', 'true');
    }
  });
});

describe("the brand's ad slots (page-furniture §1: brand decides some ad slots)", () => {
  it.each([
    ['atc', 'fluid cells and the treehouse ad', true, false, true],
    ['kbb', 'liner rows and the treehouse ad', false, true, true],
    ['ford', 'none', false, false, false],
  ] as const)('%s: %s', (brand, _what, fluid, liner, treehouse) => {
    const bus = busWith({ query: {}, result: result(30) });
    bus.update('brand', { brand });
    const { container } = renderGrid(bus);
    const ads = screen.queryAllByRole('group', { name: 'Advertisement' });
    expect(container.querySelectorAll('.res-ad-fluid').length > 0).toBe(fluid);
    expect(container.querySelectorAll('.res-ad-liner').length > 0).toBe(liner);
    expect(container.querySelectorAll('.res-ad-treehouse').length > 0).toBe(treehouse);
    expect(ads.length > 0).toBe(fluid || liner);
  });
});
