/**
 * The wallet card (page-furniture §3 'Wallet', §4 'Wallet', §8): a monthly budget becomes the
 * search's max price. The fallback payment example is $600/mo.
 */
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
