import { useEffect, useRef } from 'react';
import { LIMITS } from '@cfs/contracts';
import { priceText } from '@cfs/search-query';
import { useBus, useShared, useSubscribe } from '@cfs/remote-kit';
import { addToCompare, removeFromCompare } from '../rules/compare';
import './compare.css';

export function CompareDrawer() {
  const bus = useBus();
  const compare = useShared((s) => s.compare);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useSubscribe('compare:add', ({ listing }) => {
    const items = addToCompare(bus.getState().compare.items, listing);
    // Adding opens the drawer.
    bus.update('compare', { items, open: true });
  });
  useSubscribe('compare:remove', ({ listingId }) => {
    bus.update('compare', { items: removeFromCompare(bus.getState().compare.items, listingId) });
  });

  useEffect(() => {
    if (compare.open) headingRef.current?.focus();
  }, [compare.open]);

  if (compare.items.length === 0) return null;
  const open = compare.open;
  return (
    <div className="cmp-drawer" data-open={open}>
      <div className="cmp-bar">
        <h2 className="cmp-heading" tabIndex={-1} ref={headingRef} id="cmp-heading">
          Compare ({compare.items.length} of {LIMITS.compareMax})
        </h2>
        <button
          type="button"
          className="cmp-toggle"
          aria-expanded={open}
          aria-controls="cmp-panel"
          onClick={() => bus.update('compare', { open: !open })}
        >
          {open ? 'Close compare' : 'Open compare'}
        </button>
      </div>
      <div id="cmp-panel" role="region" aria-labelledby="cmp-heading" hidden={!open}>
        <ul className="cmp-list" aria-label="Listings to compare">
          {compare.items.map((item) => (
            <li key={item.id} className="cmp-item">
              {item.image && <img src={item.image} alt="" width={96} height={64} />}
              <span className="cmp-title">{item.title}</span>
              <span className="cmp-price">{priceText(item.price)}</span>
              <button
                type="button"
                className="cmp-remove"
                aria-label={`Remove ${item.title} from compare`}
                onClick={() => bus.publish('compare:remove', { listingId: item.id })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
