import { useId, type ReactNode } from 'react';
import { type PageListing } from '@cfs/contracts';
import { ModalDialog, Button } from '@cfs/remote-kit';
import { displayTitle } from '@cfs/search-query';
import { ACTION_TEXTS } from '../../rules/listing-actions';

/** The frame every listing dialog shares: heading, the vehicle, the body and a close button. */
export function Frame({
  heading,
  listing,
  onClose,
  children,
  initialFocus,
}: {
  heading: string;
  listing: PageListing;
  onClose: () => void;
  children: ReactNode;
  initialFocus?: React.RefObject<HTMLElement | null>;
}) {
  const id = `res-dlg${useId()}`;
  return (
    <ModalDialog labelledBy={id} onClose={onClose} initialFocus={initialFocus} className="res-dialog">
      <div className="res-dialog-head">
        <h2 id={id}>{heading}</h2>
        <button type="button" className="res-dialog-close" onClick={onClose} aria-label={ACTION_TEXTS.close}>
          ×
        </button>
      </div>
      <p className="res-dialog-vehicle">{displayTitle(listing.title)}</p>
      {children}
    </ModalDialog>
  );
}

/** Where a dialog's form is: filled in, on its way, sent, or refused. */
export type SendState = 'form' | 'sending' | 'sent' | 'failed';

/** A send's progress (a live status: sending, then the sent text) and its failure (an alert). */
export function SendStatus({ state, sent, failed }: { state: SendState; sent: string; failed: string }) {
  return (
    <>
      <div role="status" className="res-dialog-status">
        {state === 'sent' && <p className="res-dialog-ok">{sent}</p>}
        {state === 'sending' && <p>{ACTION_TEXTS.sending}</p>}
      </div>
      {state === 'failed' && (
        <p role="alert" className="res-dialog-error">
          {failed}
        </p>
      )}
    </>
  );
}

/** A dialog form's buttons: send (off while sending) and cancel. */
export function FormButtons({ send, sending, onClose }: { send: string; sending: boolean; onClose: () => void }) {
  return (
    <div className="res-dialog-buttons">
      <Button type="submit" variant="primary" disabled={sending}>
        {send}
      </Button>
      <Button onClick={onClose}>{ACTION_TEXTS.cancel}</Button>
    </div>
  );
}
