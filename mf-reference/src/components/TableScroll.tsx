import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in on a small screen: keyboard users reach it with Tab
 * and scroll it with the arrow keys (a scrolling box holding nothing focusable is otherwise out
 * of their reach), and a screen reader names it by its table's caption.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to be scrolled from the keyboard
    <div className="ref-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
