import { useId } from 'react';
import { RELAXATIONS_PATH, type FilterRelaxation, type FilterRelaxationResult, type SearchQuery } from '@cfs/contracts';
import { useBus, useGatewayData, useShared } from '@cfs/remote-kit';
import { formatNumber, resetPaging, serializeQuery } from '@cfs/search-query';

/** "Remove Price: $10,000 – $12,000 to see 37 results". */
export function relaxationText(r: FilterRelaxation): string {
  return `Remove ${r.label} to see ${formatNumber(r.count)} ${r.count === 1 ? 'result' : 'results'}`;
}

/** The filter-relaxation call of a search (its paging left out): the rescue's, and the server render's. */
export function relaxationsUrl(query: SearchQuery): string {
  return `${RELAXATIONS_PATH}?${serializeQuery(resetPaging(query))}`;
}

/** The filters whose removal brings listings back, best first ([] for an answer of another shape). */
function readRelaxations(body: unknown): FilterRelaxation[] {
  const relaxations = (body as Partial<FilterRelaxationResult> | null)?.relaxations;
  if (!Array.isArray(relaxations)) return [];
  return relaxations.filter((r) => r.count > 0).sort((a, b) => b.count - a.count);
}

/**
 * Beside the no-results message: the single filters whose removal brings listings back, from the
 * gateway's filter-relaxation call (one upstream call), best first, one click each. The server
 * render asks for it on a page with no results (server.ts), so the first paint has it and nothing
 * moves when the region hydrates; a later search's is fetched. Nothing shows while it loads or
 * when the call fails.
 */
export function NoResultsRescue() {
  const bus = useBus();
  const query = useShared((s) => s.search.query);
  const headingId = useId();
  const relaxations = useGatewayData(relaxationsUrl(query), readRelaxations).data ?? [];
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
