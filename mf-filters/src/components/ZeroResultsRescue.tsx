import { useId, useMemo } from 'react';
import { RELAXATIONS_PATH, type FilterRelaxation, type FilterRelaxationResult, type SearchQuery, type SharedState } from '@cfs/contracts';
import { useShared, useGatewayData, WantedNow, Button } from '@cfs/remote-kit';
import { resetPaging, serializeQuery } from '@cfs/search-query';
import { rankRescues, removals, rescueText, type Rescue } from '../rules/rescue';
import { useApplyChange } from '../hooks/use-apply-change';

/**
 * The gateway's filter-relaxation call (one upstream call counts every single removal) for a
 * search that found nothing, or null: it found listings, or no filter could be removed. The
 * server render asks it too (server.ts), so the first paint shows the rescues.
 */
export function rescueCall(search: Pick<SharedState['search'], 'status' | 'result' | 'query'>, year: number): string | null {
  const empty = search.status === 'success' && search.result !== null && search.result.totalResultCount === 0;
  if (!empty || !removals(search.query, search.result, year).length) return null;
  return `${RELAXATIONS_PATH}?${serializeQuery(resetPaging(search.query))}`;
}

/** The rescues of a search from the relaxation call's answer (a failed call, or another answer, offers nothing). */
function rescuesOf(query: SearchQuery, answer: unknown): Rescue[] {
  const relaxations = (answer as FilterRelaxationResult | null)?.relaxations;
  return rankRescues((Array.isArray(relaxations) ? relaxations : []).map((r) => fromRelaxation(query, r)));
}

/** A relaxation of the gateway as the panel offers it: the current search without the keys it removes. */
function fromRelaxation(query: SearchQuery, r: FilterRelaxation): Rescue {
  const next = { ...query } as Record<string, unknown>;
  for (const k of r.remove) delete next[k];
  return { id: r.key, label: r.label, count: r.count, next: next as SearchQuery };
}

/**
 * The way out of zero results (designed beyond the spec): when a search finds nothing, which
 * single filter to remove and how many listings that brings back, best first, one click each.
 * The counts come from the gateway's filter-relaxation call (contracts' RELAXATIONS_PATH): asked
 * by the server render, so the first paint offers the rescues and the panel's code waits for the
 * shopper as on any page; for a search made in the browser, asked there. A first paint without
 * the answer (the server render's call not made) shows the 'looking' state, which has the panel's
 * code loaded at once to look (WantedNow).
 */
export function ZeroResultsRescue() {
  const search = useShared((s) => s.search);
  const apply = useApplyChange();
  const headingId = useId();
  const query: SearchQuery = search.query;
  const key = serializeQuery(query);
  const url = useMemo(
    () => rescueCall(search, new Date().getFullYear()),
    // The call depends on the query (by its serialised key), the result and the status.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for query
    [key, search.result, search.status],
  );
  const answer = useGatewayData(url, (body) => rescuesOf(query, body));

  if (!url || answer.status === 'error') return null;
  const rescues = answer.status === 'ready' ? answer.data : null;
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
