import { useId, useRef, useState } from 'react';
import { type PageListing } from '@cfs/contracts';
import { copyLink, Button } from '@cfs/remote-kit';
import { displayTitle } from '@cfs/search-query';
import { ACTION_TEXTS } from '../../rules/listing-actions';
import { Frame } from './Frame';

/** Share listing (flag shareListingLink): the link, copied with the Clipboard API, and the device's share sheet. */
export function ShareDialog({
  listing,
  url,
  canShare,
  onClose,
}: {
  listing: PageListing;
  url: string;
  canShare: boolean;
  onClose: () => void;
}) {
  const id = `res-share${useId()}`;
  const [status, setStatus] = useState('');
  const copyRef = useRef<HTMLButtonElement>(null);
  const copy = async () => {
    const copied = await copyLink(url, document.getElementById(id) as HTMLInputElement | null);
    setStatus(copied ? ACTION_TEXTS.copied : ACTION_TEXTS.copyFailed);
  };
  const share = async () => {
    try {
      await navigator.share({ title: displayTitle(listing.title), url });
    } catch (err) {
      // The shopper closing the share sheet is not an error worth showing.
      if ((err as { name?: string })?.name !== 'AbortError') console.error('[mf-results] share failed', err);
    }
  };
  return (
    <Frame heading={ACTION_TEXTS.shareHeading} listing={listing} onClose={onClose} initialFocus={copyRef}>
      <p className="res-field">
        <label htmlFor={id}>{ACTION_TEXTS.shareLinkLabel}</label>
        <input id={id} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </p>
      <div className="res-dialog-buttons">
        <Button ref={copyRef} onClick={copy}>
          {ACTION_TEXTS.copyLink}
        </Button>
        {canShare && <Button onClick={share}>{ACTION_TEXTS.shareWithApp}</Button>}
      </div>
      <p role="status" className="res-dialog-status">
        {status}
      </p>
    </Frame>
  );
}
