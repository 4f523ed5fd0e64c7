import { useId } from 'react';
import { MESSAGES, type SearchQuery } from '@cfs/contracts';
import { isSortValue } from '@cfs/search-query';
import { useShared } from '@cfs/remote-kit';
import { SORT_OPTIONS, currentSort } from '../rules/sort-options';
import { withSort } from '../rules/query-changes';
import { useApplyChange } from '../hooks/use-apply-change';

/**
 * The 'Sort by' control: every sort value of the spec, showing the sort in force: the query's
 * sortBy, else the page's default sort (the configured reading, carried in search.defaultSort).
 */
export function SortControl({ query }: { query: SearchQuery }) {
  const apply = useApplyChange();
  const defaultSort = useShared((s) => s.search.defaultSort);
  const id = useId();
  return (
    <div className="flt-field">
      <label htmlFor={id} className="flt-label">
        {MESSAGES.sortBy}
      </label>
      <select
        id={id}
        className="flt-select"
        value={currentSort(query, defaultSort)}
        onChange={(e) => {
          const sortBy = e.target.value;
          if (isSortValue(sortBy)) apply((q) => withSort(q, sortBy));
        }}
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
