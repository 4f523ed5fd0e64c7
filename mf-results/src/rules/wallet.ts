/**
 * The wallet card (page-furniture §3 'Wallet', §4 'Wallet', §8): a monthly budget becomes the
 * search's max price. The fallback payment example is $600/mo.
 */
import { formatNumber } from '@cfs/search-query';

export const WALLET_EXAMPLE_MONTHLY = 600;
/**
 * designed: the budget is read with the same example terms the listings' payments use (72
 * months, 6.5% APR, 10% down), and the max price rounded down to $500.
 */
export const WALLET_TERM_MONTHS = 72;
export const WALLET_APR = 6.5;
export const WALLET_DOWN = 0.1;
export const MAX_BUDGET = 20_000;

/** The monthly budget typed ("$450", "450/mo", "1,200"), or null when it is not a whole amount above 0. */
export function parseBudget(text: string): number | null {
  const digits = text.trim().replace(/^\$/, '').replace(/\/mo$/i, '').replace(/,/g, '').trim();
  if (!/^[0-9]{1,5}$/.test(digits)) return null;
  const n = Number(digits);
  return n > 0 && n <= MAX_BUDGET ? n : null;
}

/** The highest price whose payment fits the budget. */
export function maxPriceForBudget(monthly: number): number {
  const r = WALLET_APR / 100 / 12;
  const financed = (monthly * (1 - Math.pow(1 + r, -WALLET_TERM_MONTHS))) / r;
  return Math.floor(financed / (1 - WALLET_DOWN) / 500) * 500;
}

/** The monthly payment of a price with the wallet's example terms, in whole dollars. */
export function monthlyForPrice(price: number): number {
  const r = WALLET_APR / 100 / 12;
  const financed = price * (1 - WALLET_DOWN);
  return Math.round((financed * r) / (1 - Math.pow(1 + r, -WALLET_TERM_MONTHS)));
}

/**
 * The wallet popover (page-furniture §4 'The wallet popover shows depending on flags and saved
 * listings'): designed, its 'My Wallet' button shows when the flags wallet and payments are both
 * on and the shopper has saved listings.
 */
export function walletPopoverShown(flags: { wallet?: boolean; payments?: boolean } | undefined, savedListings: number): boolean {
  return flags?.wallet === true && flags?.payments === true && savedListings > 0;
}

/** What the popover shows (page-furniture §3 Wallet: monthlyBudget, paymentEmphasis). */
export interface WalletView {
  /** The budget the shopper set, or null. */
  monthlyBudget: number | null;
  /** The monthly amount shown: the budget, else the $600/mo fallback example. */
  monthly: number;
  /** designed: the shopper's own budget is the emphasised figure; the example is not. */
  paymentEmphasis: 'budget' | 'example';
  /** The search's max price the budget set, when it did. */
  maxPrice: number | null;
  /** The budget copy, shown at a max price of LIMITS.budgetPrice (search-results §9), else null. */
  budgetCopy: string | null;
}

/** designed texts of the popover (the spec gives the $600/mo example and the success note only). */
export const WALLET_POPOVER_TEXT = {
  button: 'My Wallet',
  heading: 'My Wallet',
  budget: (monthly: number) => `Your monthly budget: $${formatNumber(monthly)}/mo`,
  example: (monthly: number) => `For example, $${formatNumber(monthly)}/mo`,
  noBudget: 'Set a monthly budget to shop by payment.',
  maxPrice: (price: number) => `Max price: $${formatNumber(price)}`,
  budgetCopy: (price: number, monthly: number) => `Cars under $${formatNumber(price)} fit a budget of about $${formatNumber(monthly)}/mo.`,
  close: 'Close My Wallet',
} as const;

export function walletView(monthlyBudget: number | null, maxPrice: number | undefined, budgetPrice: number): WalletView {
  const own = monthlyBudget !== null && monthlyBudget > 0 ? monthlyBudget : null;
  return {
    monthlyBudget: own,
    monthly: own ?? WALLET_EXAMPLE_MONTHLY,
    paymentEmphasis: own !== null ? 'budget' : 'example',
    maxPrice: own !== null ? maxPriceForBudget(own) : null,
    budgetCopy: maxPrice === budgetPrice ? WALLET_POPOVER_TEXT.budgetCopy(budgetPrice, monthlyForPrice(budgetPrice)) : null,
  };
}
