import type { CSSProperties } from 'react';
import type { PageListing, PageOwner } from '@cfs/contracts';
import { useShared } from '@cfs/remote-kit';
import { VehicleCard } from './VehicleCard';

/**
 * The dealer vehicle carousel (at most 12): a horizontally scrolling list; every vehicle is a
 * link, so the keyboard reaches each one with Tab and the list scrolls to it.
 */
export function Carousel({ id, open, owner, vehicles }: { id: string; open: boolean; owner: PageOwner; vehicles: PageListing[] }) {
  // page-furniture §9: the cell width from configuration (showcase.css's 220 px otherwise).
  const cellWidth = useShared((s) => s.brand.layout?.showcaseCellWidth);
  const style = typeof cellWidth === 'number' ? ({ '--shw-cell-width': `${cellWidth}px` } as CSSProperties) : undefined;
  return (
    <div id={id} className="shw-carousel" hidden={!open}>
      <ul className="shw-carousel-list" aria-label={`${owner.name} vehicles`} style={style}>
        {vehicles.map((l) => (
          <li key={l.id} className="shw-carousel-cell">
            <VehicleCard listing={l} />
          </li>
        ))}
      </ul>
    </div>
  );
}
