/** A small "×" drawn as SVG (no font glyph, so it never depends on the page's text encoding). */
export function CloseIcon() {
  return (
    <svg className="flt-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
