import type { SearchSlice } from '@cfs/contracts';
import { useShared } from '@cfs/remote-kit';
import { suggestedFilters } from '../rules/suggestions';
import { useApplyChange } from '../hooks/use-apply-change';

/**
 * The suggested-filter chips carousel (flag suggestedFilters): a horizontally scrolling row of
 * buttons, each adding its filter at once. Keyboard users reach each chip with Tab.
 */
export function SuggestedFilters({ search }: { search: SearchSlice }) {
  const enabled = useShared((s) => s.brand.flags.suggestedFilters);
  const apply = useApplyChange();
  if (!enabled) return null;
  const suggestions = suggestedFilters(search.query, search.result);
  if (!suggestions.length) return null;
  return (
    <ul className="flt-suggested" aria-label="Suggested filters">
      {suggestions.map((s) => (
        <li key={s.key}>
          <button type="button" className="flt-pill" onClick={() => apply(s.apply)}>
            <span aria-hidden="true">+ </span>
            <span className="flt-visually-hidden">Add </span>
            {s.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
