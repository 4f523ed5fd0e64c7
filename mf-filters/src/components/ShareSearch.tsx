import { useId, useRef, useState } from 'react';
import { copyLink, ModalDialog, Button } from '@cfs/remote-kit';
import { CloseIcon } from './CloseIcon';

/** The shareable-link modal's texts (page-furniture §2 'Modals: ... shareable link'; the words are designed). */
export const SHARE_SEARCH_TEXTS = {
  open: 'Share this search',
  heading: 'Share this search',
  linkLabel: 'Link to this search',
  copy: 'Copy link',
  copied: 'Link copied.',
  copyFailed: 'Copy the link from the field above.',
  close: 'Close',
} as const;

/**
 * 'Share this search' in the Your Search card: a modal with the search's own link (the page's
 * address as it is when opened: the filters, sort and location the shopper sees), read-only and
 * selected on focus, and 'Copy link', which says whether it copied.
 */
export function ShareSearch() {
  const [url, setUrl] = useState<string | null>(null);
  return (
    <>
      <Button className="flt-share" onClick={() => setUrl(window.location.href)}>
        {SHARE_SEARCH_TEXTS.open}
      </Button>
      {url !== null && <ShareSearchDialog url={url} onClose={() => setUrl(null)} />}
    </>
  );
}

function ShareSearchDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const headingId = useId();
  const fieldId = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState('');
  const copy = async () => {
    const copied = await copyLink(url, document.getElementById(fieldId) as HTMLInputElement | null);
    setStatus(copied ? SHARE_SEARCH_TEXTS.copied : SHARE_SEARCH_TEXTS.copyFailed);
  };
  return (
    <ModalDialog className="flt-share-dialog" labelledBy={headingId} onClose={onClose} initialFocus={copyRef}>
      <div className="flt-sheet-head">
        <h2 id={headingId} className="flt-sheet-heading">
          {SHARE_SEARCH_TEXTS.heading}
        </h2>
        <Button className="flt-close" aria-label={SHARE_SEARCH_TEXTS.close} onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <p className="flt-field">
        <label htmlFor={fieldId} className="flt-label">
          {SHARE_SEARCH_TEXTS.linkLabel}
        </label>
        <input id={fieldId} className="flt-input" type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </p>
      <Button ref={copyRef} variant="primary" className="flt-wide" onClick={() => void copy()}>
        {SHARE_SEARCH_TEXTS.copy}
      </Button>
      <p role="status" className="flt-share-status">
        {status}
      </p>
    </ModalDialog>
  );
}
