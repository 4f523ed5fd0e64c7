import { useShared } from '@cfs/remote-kit';

const CATEGORIES = ['All Results', 'Best Deals', 'Buy Online', 'For Sale By Owner', 'Certified Used'] as const;

/** Category tabs (search-results §4). */
export function CategoryTabs() {
  const status = useShared((s) => s.search.status);
  return (
    <div className="flt-categories" role="group" aria-label="Categories" aria-busy={status === 'loading'}>
      {CATEGORIES.map((c) => (
        <button key={c} type="button" className="flt-category" aria-pressed={c === 'All Results'}>
          {c}
        </button>
      ))}
    </div>
  );
}
