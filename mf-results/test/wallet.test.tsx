import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { LIMITS, MESSAGES, type Bus } from '@cfs/contracts';
import { BusContext } from '@cfs/remote-kit';
import { ListingMarksContext, type ListingMarks } from '../src/components/ListingActions';
import { WalletCard } from '../src/components/WalletCard';
import { WalletPopover, WalletProvider } from '../src/components/WalletPopover';
import {
  maxPriceForBudget,
  monthlyForPrice,
  WALLET_EXAMPLE_MONTHLY,
  WALLET_POPOVER_TEXT,
  walletPopoverShown,
  walletView,
} from '../src/rules/wallet';
import { busWith } from './fixtures';

describe('wallet rules (page-furniture §3, §4 Wallet; search-results §9)', () => {
  it.each<[string, { wallet?: boolean; payments?: boolean } | undefined, number, boolean]>([
    ['wallet and payments on, saved listings', { wallet: true, payments: true }, 2, true],
    ['no saved listings', { wallet: true, payments: true }, 0, false],
    ['wallet off', { wallet: false, payments: true }, 2, false],
    ['payments off', { wallet: true, payments: false }, 2, false],
    ['no flags yet', undefined, 2, false],
  ])('the popover with %s: %s', (_name, flags, saved, expected) => {
    expect(walletPopoverShown(flags, saved)).toBe(expected);
  });

  it('without a budget: the $600/mo fallback example, not emphasised', () => {
    expect(walletView(null, undefined, LIMITS.budgetPrice)).toEqual({
      monthlyBudget: null,
      monthly: WALLET_EXAMPLE_MONTHLY,
      paymentEmphasis: 'example',
      maxPrice: null,
      budgetCopy: null,
    });
    expect(WALLET_POPOVER_TEXT.example(WALLET_EXAMPLE_MONTHLY)).toBe('For example, $600/mo');
  });

  it('with a budget: the budget, emphasised, and the max price it set', () => {
    expect(walletView(450, maxPriceForBudget(450), LIMITS.budgetPrice)).toMatchObject({
      monthlyBudget: 450,
      monthly: 450,
      paymentEmphasis: 'budget',
      maxPrice: maxPriceForBudget(450),
    });
  });

  it.each([
    [20000, 'Cars under $20,000 fit a budget of about $303/mo.'],
    [19999, null],
    [25000, null],
    [undefined, null],
  ])('budget copy at a max price of %s: %s', (maxPrice, copy) => {
    expect(walletView(null, maxPrice, LIMITS.budgetPrice).budgetCopy).toBe(copy);
  });

  it('the monthly payment of a price and the max price of a budget agree', () => {
    expect(monthlyForPrice(20000)).toBe(303);
    // The max price a budget reads is rounded down to $500: its payment never exceeds the budget.
    for (const budget of [200, 303, 450, 600, 1200]) expect(monthlyForPrice(maxPriceForBudget(budget))).toBeLessThanOrEqual(budget);
  });
});

const SAVED: ListingMarks = { saved: new Set(['l1']), emailed: new Set(), makeOffer: 'idle' };
const NONE: ListingMarks = { saved: new Set(), emailed: new Set(), makeOffer: 'idle' };

function walletBus(query = {}, flags = { wallet: true, payments: true }): Bus {
  const bus = busWith({ query });
  bus.update('brand', { flags: { ...bus.getState().brand.flags!, ...flags } });
  return bus;
}

function ui(bus: Bus, marks: ListingMarks, withCard = false) {
  return (
    <BusContext.Provider value={bus}>
      <ListingMarksContext.Provider value={marks}>
        <WalletProvider>
          <WalletPopover />
          {withCard && <WalletCard />}
        </WalletProvider>
      </ListingMarksContext.Provider>
    </BusContext.Provider>
  );
}

const walletButton = () => screen.queryByRole('button', { name: WALLET_POPOVER_TEXT.button });

describe('the wallet popover', () => {
  it('opens from My Wallet with the $600/mo example, and closes with Escape, focus back on the button', () => {
    render(ui(walletBus(), SAVED));
    const button = walletButton()!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: WALLET_POPOVER_TEXT.heading });
    expect(panel).toHaveFocus();
    expect(within(panel).getByText('For example, $600/mo')).toBeInTheDocument();
    expect(within(panel).queryByText(/fit a budget/)).not.toBeInTheDocument();
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: WALLET_POPOVER_TEXT.heading })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('shows the budget set in the wallet card, and the max price it set', () => {
    const bus = walletBus({ makeCode: ['FORD'] });
    render(ui(bus, SAVED, true));
    fireEvent.change(screen.getByRole('textbox', { name: 'Monthly budget' }), { target: { value: '450' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update max price' }));
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.budgetUpdated);
    fireEvent.click(walletButton()!);
    const panel = screen.getByRole('region', { name: WALLET_POPOVER_TEXT.heading });
    expect(within(panel).getByText('Your monthly budget: $450/mo')).toBeInTheDocument();
    expect(within(panel).getByText(WALLET_POPOVER_TEXT.maxPrice(maxPriceForBudget(450)))).toBeInTheDocument();
    expect(within(panel).queryByText('For example, $600/mo')).not.toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: WALLET_POPOVER_TEXT.close }));
    expect(screen.queryByRole('region', { name: WALLET_POPOVER_TEXT.heading })).not.toBeInTheDocument();
  });

  it('shows the budget copy at a max price of 20000', () => {
    render(ui(walletBus({ maxPrice: 20000 }), SAVED));
    fireEvent.click(walletButton()!);
    expect(screen.getByText('Cars under $20,000 fit a budget of about $303/mo.')).toBeInTheDocument();
  });

  it.each<[string, ListingMarks, { wallet: boolean; payments: boolean }]>([
    ['no saved listings', NONE, { wallet: true, payments: true }],
    ['the wallet flag off', SAVED, { wallet: false, payments: true }],
    ['the payments flag off', SAVED, { wallet: true, payments: false }],
  ])('is left out with %s', (_name, marks, flags) => {
    render(ui(walletBus({}, flags), marks));
    expect(walletButton()).not.toBeInTheDocument();
  });

  it('renders on the server without the browser, as the first client render does (no saved listings known yet)', () => {
    const html = renderToString(ui(walletBus(), NONE));
    expect(html).not.toContain(WALLET_POPOVER_TEXT.button);
  });
});
