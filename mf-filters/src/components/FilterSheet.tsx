import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { MESSAGES } from '@cfs/contracts';
import { CloseIcon } from './CloseIcon';

/**
 * The small-screen sheet: a modal <dialog> (the browser's top layer, so it covers the full width
 * whatever the region's layout; the rest of the page is inert while it is open). Focus moves to
 * its heading when it opens; Escape, 'Close Filters' and 'See Results' close it. Filter changes
 * inside it search at once, so 'See Results' only closes the sheet.
 */
export function FilterSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    // Browsers without showModal (and jsdom) get a plain open dialog.
    if (typeof el.showModal === 'function') {
      if (!el.open) el.showModal();
    } else {
      el.setAttribute('open', '');
    }
    heading.current?.focus();
    return () => {
      if (el.open && typeof el.close === 'function') el.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="flt-sheet"
      aria-labelledby={headingId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <div className="flt-sheet-head">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="flt-sheet-heading">
          {MESSAGES.filtersHeading}
        </h2>
        <button type="button" className="flt-button flt-close" aria-label="Close Filters" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="flt-sheet-body">{children}</div>
      <div className="flt-sheet-foot">
        <button type="button" className="flt-button flt-primary" onClick={onClose}>
          {MESSAGES.seeResults}
        </button>
      </div>
    </dialog>
  );
}
