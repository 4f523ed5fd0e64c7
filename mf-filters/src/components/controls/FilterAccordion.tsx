import { useId, useState, type ReactNode } from 'react';

/**
 * One filter's accordion (page-furniture §4, Filter panel): "Each filter accordion starts
 * collapsed, shows a skeleton until expanded and its options exist, and auto-expands when it has
 * selected values." The header is a button with aria-expanded; the body is rendered only while
 * open (its options are then read), as a skeleton while the filter has no options yet.
 * Open by itself: when the filter comes to hold a selection (a URL, a chip, a suggestion), it opens;
 * the shopper may still close it.
 */
export function FilterAccordion({
  label,
  hasSelection,
  ready,
  children,
}: {
  label: string;
  hasSelection: boolean;
  /** Whether the filter's options exist. */
  ready: boolean;
  /** The body, called only while open and ready. */
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(hasSelection);
  const [held, setHeld] = useState(hasSelection);
  // State adjusted during render: a selection that appears opens the accordion.
  if (held !== hasSelection) {
    setHeld(hasSelection);
    if (hasSelection) setOpen(true);
  }
  const buttonId = useId();
  const bodyId = useId();

  return (
    <div className="flt-acc">
      <h3 className="flt-acc-heading">
        <button
          type="button"
          id={buttonId}
          className="flt-acc-button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{label}</span>
          <svg className="flt-acc-chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </h3>
      <div id={bodyId} role="group" aria-labelledby={buttonId} className="flt-acc-body" hidden={!open}>
        {open && (ready ? children() : <OptionsSkeleton />)}
      </div>
    </div>
  );
}

/** Placeholder rows while a filter's options do not exist yet. */
export function OptionsSkeleton() {
  return (
    <div className="flt-skeleton" aria-busy="true">
      <span className="flt-visually-hidden">Loading options</span>
      <span className="flt-skeleton-row" aria-hidden="true" />
      <span className="flt-skeleton-row" aria-hidden="true" />
      <span className="flt-skeleton-row" aria-hidden="true" />
    </div>
  );
}
