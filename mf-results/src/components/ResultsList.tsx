import type { CompareItem, FeatureFlags, RequestStatus } from '@cfs/contracts';
import { useCallback, useMemo, type RefObject } from 'react';
import { SlotCell } from './SlotCell';
import { isFullRow, type Slot } from '../rules/slots';
import { EAGER_LISTINGS, eagerImageCells, STALE_DIM_AFTER_MS } from '../rules/grid';
import { useGridWindow } from '../hooks/use-grid-window';
import { useImpressions } from '../hooks/use-impressions';
import { useAfterDelay } from '../hooks/use-after-delay';
import type { ScrollTarget } from '../hooks/use-position-memory';

interface Props {
  listRef: RefObject<HTMLUListElement | null>;
  /** The grid's root, whose width sets the columns (3, 2 or 1 per row). */
  rootRef: RefObject<HTMLElement | null>;
  headingId: string;
  slots: Slot[];
  status: RequestStatus;
  /** Placeholder tiles appended while a page loads. */
  placeholders: number;
  compareOn: boolean;
  compareItems: CompareItem[];
  /** The brand's flags, handed to every card as the same object. */
  flags?: FeatureFlags;
  /** Grows with every page infinite scroll appended (the leading rows scrolled past are trimmed). */
  trimSignal?: number;
  /** Grows when the view is to be read again (tab shown, page restored). */
  refresh?: number;
  /** Changes with every new search. */
  searchKey?: unknown;
  /** Listings after the first 3 render lazily (content-visibility) unless disabled. */
  lazy?: boolean;
  /** A card to bring back to its remembered place on screen, and what to call once it is there. */
  target?: ScrollTarget | null;
  onTarget?: () => void;
}

/**
 * The grid (3 per row on wide screens, 2 on medium, 1 on phones; see results.css). While a new
 * search loads, the old cards stay and the list is aria-busy; the cards dim if it takes a while.
 * Only the rows near the viewport are in the page (use-grid-window.ts); the space before and after
 * the list stands in for the others, and each card carries its position in the whole list for
 * screen readers.
 * Each listing cell carries its listing id, so the listings seen are counted (use-impressions.ts).
 */
export function ResultsList({
  listRef,
  rootRef,
  headingId,
  slots,
  status,
  placeholders,
  compareOn,
  compareItems,
  flags,
  trimSignal = 0,
  refresh = 0,
  searchKey,
  lazy = true,
  target = null,
  onTarget,
}: Props) {
  const busy = status === 'loading' || status === 'loading-more';
  const stale = useAfterDelay(status === 'loading', STALE_DIM_AFTER_MS);
  const fullRow = useCallback((i: number) => isFullRow(slots[i]), [slots]);
  const eager = useMemo(() => eagerImageCells(slots), [slots]);
  const { win } = useGridWindow(listRef, rootRef, slots.length, fullRow, trimSignal, refresh, searchKey, target, onTarget);
  const first = win ? win.firstCell : 0;
  const end = win ? win.endCell : slots.length;
  const windowed = first > 0 || end < slots.length;
  useImpressions(listRef, searchKey, `${first}:${end}:${slots.length}`, status !== 'loading');
  return (
    <>
      <div className="res-space" aria-hidden="true" style={{ height: win ? win.before : 0 }} />
      <ul
        id="results-list"
        ref={listRef}
        className="res-list"
        aria-labelledby={headingId}
        aria-busy={busy || undefined}
        data-state={stale ? 'stale' : undefined}
      >
        {slots.slice(first, end).map((slot, k) => {
          const index = first + k;
          const classes = ['res-cell', isFullRow(slot) && 'res-cell-row', lazy && index >= EAGER_LISTINGS && 'res-lazy'];
          return (
            <li
              key={slot.key}
              className={classes.filter(Boolean).join(' ')}
              data-cell={index}
              data-listing={slot.kind === 'listing' ? slot.listing.id : undefined}
              aria-setsize={windowed ? slots.length : undefined}
              aria-posinset={windowed ? index + 1 : undefined}
            >
              <SlotCell
                slot={slot}
                index={index}
                eager={eager.has(index)}
                compareOn={compareOn}
                compareItems={compareItems}
                flags={flags}
              />
            </li>
          );
        })}
        {end >= slots.length &&
          Array.from({ length: placeholders }, (_, i) => (
            <li key={`placeholder-${i}`} className="res-cell res-placeholder" aria-hidden="true" />
          ))}
      </ul>
      <div className="res-space" aria-hidden="true" style={{ height: win ? win.after : 0 }} />
    </>
  );
}
