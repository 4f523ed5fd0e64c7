/** designed: the one loading line of a tab or block whose call is still under way. */
export const LOADING_TEXT = 'Loading…';

export function Loading() {
  return (
    <p role="status" className="ref-status" aria-busy="true">
      {LOADING_TEXT}
    </p>
  );
}
