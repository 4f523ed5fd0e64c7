import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { SearchQuery } from '@cfs/contracts';
import { useBus, useShared, useSubscribe, Button } from '@cfs/remote-kit';
import { changeIgnoredWhileInFlight } from '../rules/in-flight';
import { SOURCE } from '../hooks/use-apply-change';
import {
  CATEGORIES,
  EXPERIENCE_TOGGLES,
  activeCategory,
  categoryOf,
  chooseCategory,
  toggleExperience,
  touchesCategory,
  type CategoryId,
} from '../rules/categories';

/** The source of the category tabs' own changes (every other filter change resets the category). */
export const CATEGORY_SOURCE = `${SOURCE}:category`;

/**
 * Category tabs (All Results, Best Deals, Buy Online, For Sale By Owner, Certified Used, flag
 * `categorySearch`) and the experience buttons (commercial and best-deals entry points, the
 * Hyundai buy-online button). Each is a toggle button (aria-pressed) in a labelled group: Tab
 * reaches them, Enter and Space choose. A choice searches at once with paging reset, as every
 * filter change does (ignored while a search is in flight).
 */
export function CategoryTabs() {
  const bus = useBus();
  const query = useShared((s) => s.search.query);
  const flags = useShared((s) => s.brand.flags);
  const [chosen, setChosen] = useState<CategoryId>(() => categoryOf(query));
  const active = activeCategory(chosen, query);

  // The query this component last rendered: what another control's change is compared with.
  const rendered = useRef(query);
  useLayoutEffect(() => {
    rendered.current = query;
  });
  useSubscribe('filters:changed', ({ query: next, source }) => {
    if (source !== CATEGORY_SOURCE && touchesCategory(rendered.current, next)) setChosen('all');
  });

  const publish = useCallback(
    (change: (q: SearchQuery) => SearchQuery) => {
      const { query: q, status } = bus.getState().search;
      if (changeIgnoredWhileInFlight(status)) return false;
      bus.publish('filters:changed', { query: change(q), source: CATEGORY_SOURCE });
      return true;
    },
    [bus],
  );

  const tabs = CATEGORIES.filter((c) => !c.flag || flags[c.flag]);
  const makes = Array.isArray(query.makeCode) ? query.makeCode : [];
  const toggles = EXPERIENCE_TOGGLES.filter((t) => flags[t.flag] && (!t.make || makes.includes(t.make)));

  return (
    <>
      {flags.categorySearch && (
        <div className="flt-categories" role="group" aria-label="Categories">
          {tabs.map((c) => (
            <button
              key={c.id}
              type="button"
              className="flt-category"
              aria-pressed={active === c.id}
              onClick={() => {
                const current = bus.getState().search.query;
                const choice = chooseCategory(current, activeCategory(chosen, current), c.id);
                if (publish(() => choice.next)) setChosen(choice.active);
              }}
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
      {toggles.length > 0 && (
        <div className="flt-experiences" role="group" aria-label="Shop by">
          {toggles.map((t) => (
            <Button
              key={t.experience}
              className="flt-experience"
              aria-pressed={query.experience === t.experience}
              onClick={() => {
                if (publish((q) => toggleExperience(q, t.experience))) setChosen('all');
              }}
            >
              {t.label}
            </Button>
          ))}
        </div>
      )}
    </>
  );
}
