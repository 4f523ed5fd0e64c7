import type { CompareItem, FeatureFlags, RequestStatus } from '@cfs/contracts';
import type { RefObject } from 'react';
import { SlotCell } from './SlotCell';
import type { Slot } from '../rules/slots';

interface Props {
  listRef: RefObject<HTMLUListElement | null>;
  headingId: string;
  slots: Slot[];
  status: RequestStatus;
  /** Placeholder tiles appended while a page loads. */
  placeholders: number;
  compareOn: boolean;
  compareItems: CompareItem[];
  /** The brand's flags, handed to every card as the same object. */
  flags?: FeatureFlags;
}

/**
 * The grid (3 per row on wide screens, 2 on medium, 1 on phones; see results.css). While a new
 * search loads, the old cards stay, dimmed, and the list is aria-busy.
 */
export function ResultsList({ listRef, headingId, slots, status, placeholders, compareOn, compareItems, flags }: Props) {
  const busy = status === 'loading' || status === 'loading-more';
  return (
    <ul
      id="results-list"
      ref={listRef}
      className="res-list"
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      data-state={status === 'loading' ? 'stale' : undefined}
    >
      {slots.map((slot, index) => (
        <li key={slot.key} className="res-cell">
          <SlotCell slot={slot} index={index} compareOn={compareOn} compareItems={compareItems} flags={flags} />
        </li>
      ))}
      {Array.from({ length: placeholders }, (_, i) => (
        <li key={`placeholder-${i}`} className="res-cell res-placeholder" aria-hidden="true" />
      ))}
    </ul>
  );
}
