import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '@cfs/contracts';
import { useShared } from '@cfs/remote-kit';
import { walletPopoverShown, walletView, WALLET_POPOVER_TEXT } from '../rules/wallet';
import { useListingMarks } from './ListingActions';
import './wallet.css';

/** The wallet of this page (page-furniture §3 Wallet): the monthly budget the shopper set. */
export interface WalletState {
  monthlyBudget: number | null;
  setMonthlyBudget(budget: number): void;
}

const WalletContext = createContext<WalletState>({ monthlyBudget: null, setMonthlyBudget: () => undefined });

export function useWallet(): WalletState {
  return useContext(WalletContext);
}

/** Holds the wallet for the region: the card sets the budget, the popover shows it. */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [monthlyBudget, setMonthlyBudget] = useState<number | null>(null);
  const value = useMemo(() => ({ monthlyBudget, setMonthlyBudget }), [monthlyBudget]);
  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}

/**
 * The wallet popover (page-furniture §4 Wallet): a 'My Wallet' button, shown when the flags wallet
 * and payments are on and the shopper has saved listings, opens a non-modal panel with the budget
 * set (or the $600/mo example when there is none) and, at a max price of 20000, the budget copy.
 * Saved listings are known only after the page has loaded (they are fetched or toggled in the
 * browser), so the server and the first client render both leave the button out. Escape or the
 * close button closes the panel and gives the focus back to the button.
 */
export function WalletPopover() {
  const id = `res${useId()}`;
  const flags = useShared((s) => s.brand.flags);
  const maxPrice = useShared((s) => s.search.query.maxPrice);
  const { saved } = useListingMarks();
  const { monthlyBudget } = useWallet();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const shown = walletPopoverShown(flags, saved.size);

  // Open: the panel takes the focus, and Escape anywhere closes it, giving the focus back.
  useEffect(() => {
    const el = panel.current;
    if (!open || !el) return;
    el.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    el.ownerDocument.addEventListener('keydown', onKey);
    return () => el.ownerDocument.removeEventListener('keydown', onKey);
  }, [open]);

  if (!shown) return null;
  const view = walletView(monthlyBudget, maxPrice, LIMITS.budgetPrice);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="res-wallet-pop">
      <button
        ref={button}
        type="button"
        className="res-wallet-pop-button res-pill-button"
        aria-expanded={open}
        aria-controls={`${id}p`}
        onClick={() => setOpen((o) => !o)}
      >
        {WALLET_POPOVER_TEXT.button}
      </button>
      {open && (
        <section ref={panel} id={`${id}p`} className="res-wallet-pop-panel" aria-labelledby={`${id}h`} tabIndex={-1}>
          <h2 className="res-wallet-pop-heading" id={`${id}h`}>
            {WALLET_POPOVER_TEXT.heading}
          </h2>
          {view.paymentEmphasis === 'budget' ? (
            <p className="res-wallet-pop-budget">
              <strong>{WALLET_POPOVER_TEXT.budget(view.monthly)}</strong>
              {view.maxPrice !== null && <span>{WALLET_POPOVER_TEXT.maxPrice(view.maxPrice)}</span>}
            </p>
          ) : (
            <>
              <p className="res-wallet-pop-example">{WALLET_POPOVER_TEXT.example(view.monthly)}</p>
              <p>{WALLET_POPOVER_TEXT.noBudget}</p>
            </>
          )}
          {view.budgetCopy && <p className="res-wallet-pop-copy">{view.budgetCopy}</p>}
          <button type="button" className="res-wallet-pop-close res-pill-button" onClick={close}>
            {WALLET_POPOVER_TEXT.close}
          </button>
        </section>
      )}
    </div>
  );
}
