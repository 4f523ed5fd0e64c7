import { useEffect, useId, useMemo, useState } from 'react';
import type { SearchQuery } from '@cfs/contracts';
import { api, useShared } from '@cfs/remote-kit';
import { serializeQuery } from '@cfs/search-query';
import { countUrl, rankRescues, removals, rescueText, type Removal, type Rescue } from '../rules/rescue';
import { useApplyChange } from '../hooks/use-apply-change';

/**
 * Counts each removal's listings. Each removal is one count search through the gateway, asked in
 * parallel; a count that fails leaves its removal out.
 */
export async function countRescues(list: Removal[], signal: AbortSignal): Promise<Rescue[]> {
  const counted = await Promise.all(
    list.map(async (r) => {
      try {
        const res = await api<{ totalResultCount?: number }>(countUrl(r.next), { signal });
        return { ...r, count: typeof res?.totalResultCount === 'number' ? res.totalResultCount : 0 };
      } catch {
        return { ...r, count: 0 };
      }
    }),
  );
  return rankRescues(counted);
}

type Found = { key: string; rescues: Rescue[] | null };

/**
 * The way out of zero results (designed beyond the spec): when a search finds nothing, which
 * single filter to remove and how many listings that brings back, best first, one click each.
 * The counts are fetched in the browser after the render (an effect), never while rendering; the
 * server render and the first browser render show the same 'looking' state.
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
    countRescues(list, ctrl.signal).then(
      (rescues) => {
        if (!ctrl.signal.aborted) setFound({ key, rescues });
      },
      () => undefined,
    );
    return () => ctrl.abort();
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
        </p>
      ) : (
        <ul className="flt-rescue-list">
          {rescues.map((r) => (
            <li key={r.id}>
              <button type="button" className="flt-button flt-rescue-option" onClick={() => apply(() => r.next)}>
                {rescueText(r)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
