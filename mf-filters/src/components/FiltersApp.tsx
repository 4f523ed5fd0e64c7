import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@cfs/contracts';
import { FilterPanel } from './FilterPanel';
import { FilterSheet } from './FilterSheet';
import { ModelClarification } from './ModelClarification';
import { useShared, Button } from '@cfs/remote-kit';
import { useSmallScreen } from '../hooks/use-small-screen';
import './filters.css';

/**
 * The filter panel remote (page-furniture §2 'Filters panel'): docked on large screens; on small
 * screens a 'Filters' button opens a full-width sheet headed 'Filters' with a 'See Results' button.
 */
export function FiltersApp() {
  const small = useSmallScreen();
  const search = useShared((s) => s.search);
  // Server render and hydration (small === null): both, and the CSS media query picks
  // (filters.css). The docked panel keeps its place in the tree, so it is not remounted after.
  // The model-name clarification is a modal of its own, once, whatever the screen (not in the
  // panel, which a small screen shows only in its sheet).
  return (
    <>
      <ModelClarification search={search} />
      {small !== false && <SmallScreenFilters />}
      {small !== true && (
        <div className="flt-docked flt-large-only">
          <FilterPanel />
        </div>
      )}
    </>
  );
}

function SmallScreenFilters() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Focus goes back to the 'Filters' button when the sheet closes.
  useEffect(() => {
    if (wasOpen.current && !open) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <Button
        ref={trigger}
        className="flt-open-sheet flt-small-only"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {MESSAGES.filtersHeading}
      </Button>
      {open && (
        <FilterSheet onClose={() => setOpen(false)}>
          <FilterPanel />
        </FilterSheet>
      )}
    </>
  );
}
