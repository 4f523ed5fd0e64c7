import { useId, useRef, type ReactNode } from 'react';
import { MESSAGES } from '@cfs/contracts';
import { ModalDialog, Button } from '@cfs/remote-kit';
import { CloseIcon } from './CloseIcon';
import { CloseSheet } from './SaveSearch';

/**
 * The small-screen sheet: a modal <dialog> (the browser's top layer, so it covers the full width
 * whatever the region's layout; the rest of the page is inert while it is open). Focus moves to
 * its heading when it opens; Escape, 'Close Filters' and 'See Results' close it. Filter changes
 * inside it search at once, so 'See Results' only closes the sheet.
 */
export function FilterSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  return (
    <ModalDialog className="flt-sheet" labelledBy={headingId} onClose={onClose} initialFocus={heading}>
      <div className="flt-sheet-head">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="flt-sheet-heading">
          {MESSAGES.filtersHeading}
        </h2>
        <Button className="flt-close" aria-label="Close Filters" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <div className="flt-sheet-body">
        <CloseSheet.Provider value={onClose}>{children}</CloseSheet.Provider>
      </div>
      <div className="flt-sheet-foot">
        <Button variant="primary" className="flt-wide" onClick={onClose}>
          {MESSAGES.seeResults}
        </Button>
      </div>
    </ModalDialog>
  );
}
