import { useEffect, useId, useMemo, useState } from 'react';
import { RELAXATIONS_PATH, type FilterRelaxation, type FilterRelaxationResult, type SearchQuery } from '@cfs/contracts';
import { api, useShared, WantedNow, Button } from '@cfs/remote-kit';
import { resetPaging, serializeQuery } from '@cfs/search-query';
import { rankRescues, removals, rescueText, type Rescue } from '../rules/rescue';
import { useApplyChange } from '../hooks/use-apply-change';

/**
 * The rescues of a search from the gateway's filter-relaxation call (one upstream call counts
 * every single removal). A failed call offers nothing (the gateway's own fallback is an empty list).
 */
export async function findRescues(query: SearchQuery, signal: AbortSignal): Promise<Rescue[]> {
  const answer = await api<FilterRelaxationResult>(`${RELAXATIONS_PATH}?${serializeQuery(resetPaging(query))}`, { signal });
  return rankRescues((Array.isArray(answer?.relaxations) ? answer.relaxations : []).map((r) => fromRelaxation(query, r)));
}

/** A relaxation of the gateway as the panel offers it: the current search without the keys it removes. */
function fromRelaxation(query: SearchQuery, r: FilterRelaxation): Rescue {
  const next = { ...query } as Record<string, unknown>;
  for (const k of r.remove) delete next[k];
  return { id: r.key, label: r.label, count: r.count, next: next as SearchQuery };
}

type Found = { key: string; rescues: Rescue[] | null };

/**
 * The way out of zero results (designed beyond the spec): when a search finds nothing, which
 * single filter to remove and how many listings that brings back, best first, one click each.
 * The counts come from the gateway's filter-relaxation call (contracts' RELAXATIONS_PATH), fetched in the browser after the render (an effect), never while rendering; the
 * server render and the first browser render show the same 'looking' state, which has the panel's
 * code loaded at once (WantedNow).
 */
export function ZeroResultsRescue() {
  const search = useShared((s) => s.search);
  const apply = useApplyChange();
  const headingId = useId();
  const empty = search.status === 'success' && search.result !== null && search.result.totalResultCount === 0;
  const query: SearchQuery = search.query;
  const key = serializeQuery(query);
  const list = useMemo(
    () => (empty ? removals(query, search.result, new Date().getFullYear()) : []),
    // The removals depend on the query (by its serialised key) and the result's labels.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for query
    [empty, key, search.result],
  );
  const [found, setFound] = useState<Found>({ key: '', rescues: null });

  useEffect(() => {
    if (!list.length) return;
    const ctrl = new AbortController();
    findRescues(query, ctrl.signal).then(
      (rescues) => {
        if (!ctrl.signal.aborted) setFound({ key, rescues });
      },
      () => {
        if (!ctrl.signal.aborted) setFound({ key, rescues: [] });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for query
  }, [list, key]);

  if (!list.length) return null;
  const rescues = found.key === key ? found.rescues : null;
  if (rescues && rescues.length === 0) return null;
  return (
    <section className="flt-rescue" aria-labelledby={headingId}>
      <h2 id={headingId} className="flt-rescue-heading">
        No matches: try removing a filter
      </h2>
      {rescues === null ? (
        <p className="flt-rescue-wait" role="status">
          Looking for filters to remove…
          <WantedNow />
        </p>
      ) : (
        <ul className="flt-rescue-list">
          {rescues.map((r) => (
            <li key={r.id}>
              <Button className="flt-rescue-option" onClick={() => apply(() => r.next)}>
                {rescueText(r)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
