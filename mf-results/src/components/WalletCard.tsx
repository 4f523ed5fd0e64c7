import { useId, useState, type FormEvent } from 'react';
import { LIMITS, MESSAGES } from '@cfs/contracts';
import { usePublish, useShared } from '@cfs/remote-kit';
import { formatNumber } from '@cfs/search-query';
import { maxPriceForBudget, parseBudget, walletView, WALLET_EXAMPLE_MONTHLY } from '../rules/wallet';
import { useWallet } from './WalletPopover';
import './slots.css';

/** designed texts of the card (the spec gives the success note and the $600/mo example only). */
export const WALLET_TEXT = {
  heading: 'Shop by monthly budget',
  example: `For example, $${WALLET_EXAMPLE_MONTHLY}/mo`,
  field: 'Monthly budget',
  submit: 'Update max price',
  invalid: 'Enter a monthly budget in whole dollars, such as 450.',
} as const;

/**
 * The wallet card at cell 3 (flag 'wallet'; page-furniture §4 'Wallet', §9): a monthly budget sets
 * the search's max price through the 'filters:changed' intent; then 'The max price has been
 * updated to match your budget.' is announced, and the budget is the wallet's (the 'My Wallet'
 * popover shows it). At a max price of 20000 it shows the budget copy, as the popover does
 * (search-results §9).
 */
export function WalletCard() {
  const id = `res${useId()}`;
  const query = useShared((s) => s.search.query);
  const publish = usePublish();
  const { setMonthlyBudget } = useWallet();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const [updatedTo, setUpdatedTo] = useState<number | null>(null);
  const { budgetCopy } = walletView(null, query.maxPrice, LIMITS.budgetPrice);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const budget = parseBudget(text);
    setError(budget === null);
    if (budget === null) return setUpdatedTo(null);
    const maxPrice = maxPriceForBudget(budget);
    setUpdatedTo(maxPrice);
    setMonthlyBudget(budget);
    publish('filters:changed', { query: { ...query, maxPrice }, source: 'results-wallet' });
  };
  return (
    <section className="res-wallet" aria-labelledby={`${id}h`} data-res-focus="" tabIndex={-1}>
      <h3 className="res-wallet-title" id={`${id}h`}>
        {WALLET_TEXT.heading}
      </h3>
      <p className="res-wallet-example">{WALLET_TEXT.example}</p>
      {budgetCopy && <p className="res-wallet-copy">{budgetCopy}</p>}
      <form className="res-wallet-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}b`}>{WALLET_TEXT.field}</label>
        <input
          id={`${id}b`}
          name="monthlyBudget"
          inputMode="numeric"
          autoComplete="off"
          placeholder={`$${WALLET_EXAMPLE_MONTHLY}`}
          value={text}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}e` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(false);
            setUpdatedTo(null);
          }}
        />
        <button type="submit" className="res-pill-button">
          {WALLET_TEXT.submit}
        </button>
      </form>
      {error && (
        <p className="res-wallet-error" id={`${id}e`}>
          {WALLET_TEXT.invalid}
        </p>
      )}
      <p className="res-wallet-note" role="status">
        {updatedTo !== null && `${MESSAGES.budgetUpdated} Max price: $${formatNumber(updatedTo)}.`}
      </p>
    </section>
  );
}
