import { useEffect, useId, useState } from 'react';
import { RELAXATIONS_PATH, type FilterRelaxation, type FilterRelaxationResult, type SearchQuery } from '@cfs/contracts';
import { api, useBus, useShared } from '@cfs/remote-kit';
import { formatNumber, resetPaging, serializeQuery } from '@cfs/search-query';

/** "Remove Price: $10,000 – $12,000 to see 37 results". */
export function relaxationText(r: FilterRelaxation): string {
  return `Remove ${r.label} to see ${formatNumber(r.count)} ${r.count === 1 ? 'result' : 'results'}`;
}

/**
 * Beside the no-results message: the single filters whose removal brings listings back, from the
 * gateway's filter-relaxation call (one upstream call), best first, one click each. Fetched after
 * the render (an effect); nothing shows while it loads or when the call fails.
 */
export function NoResultsRescue() {
  const bus = useBus();
  const query = useShared((s) => s.search.query);
  const headingId = useId();
  const key = serializeQuery(resetPaging(query));
  const [found, setFound] = useState<{ key: string; relaxations: FilterRelaxation[] } | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    api<FilterRelaxationResult>(`${RELAXATIONS_PATH}?${key}`, { signal: ctrl.signal }).then(
      (answer) => {
        if (ctrl.signal.aborted || !Array.isArray(answer?.relaxations)) return;
        const relaxations = answer.relaxations.filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
        setFound({ key, relaxations });
      },
      () => undefined,
    );
    return () => ctrl.abort();
  }, [key]);

  const relaxations = found?.key === key ? found.relaxations : [];
  if (!relaxations.length) return null;

  const remove = (r: FilterRelaxation) => {
    const { query: current, status } = bus.getState().search;
    // As every filter change: ignored while a search is in flight.
    if (status === 'loading') return;
    const next = { ...current } as Record<string, unknown>;
    for (const k of r.remove) delete next[k];
    bus.publish('filters:changed', { query: next as SearchQuery, source: 'mf-results' });
  };

  return (
    <section className="res-rescue" aria-labelledby={headingId}>
      <h3 id={headingId} className="res-rescue-heading">
        Remove one filter
      </h3>
      <ul className="res-rescue-list">
        {relaxations.map((r) => (
          <li key={r.key}>
            <button type="button" className="res-rescue-option" onClick={() => remove(r)}>
              {relaxationText(r)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
