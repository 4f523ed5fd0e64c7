import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { LIMITS, compareReadingFor, type CompareItem } from '@cfs/contracts';
import { priceText } from '@cfs/search-query';
import { Button, useBus, useShared, useSubscribe } from '@cfs/remote-kit';
import { compareClick, mergeSelections, removeFromCompare } from '../rules/compare';
import { comparedVehicle, rowsFor, vehicleFromItem } from '../rules/comparison';
import { readMemory, sessionStore, writeMemory } from '../rules/memory';
import { createVehicleStore } from '../rules/vehicles';
import { ComparisonDialog } from './ComparisonDialog';
import { useDrawerView } from '../hooks/use-drawer-view';
import './compare.css';

/** The bus's open-modal name of the comparison (one modal at a time on the page). */
export const COMPARISON_MODAL = 'mf-compare:comparison';

export function CompareDrawer() {
  const bus = useBus();
  const compare = useShared((s) => s.compare);
  const brand = useShared((s) => s.brand);
  const modal = useShared((s) => s.modal.open);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  // Each compared listing's values, kept from the listing its 'compare:add' carried.
  const [store] = useState(createVehicleStore);
  const { vehicles, restored } = useSyncExternalStore(store.subscribe, store.get, store.server);

  // Declared before the subscriptions: the remembered selection is in place before any held
  // 'compare:add' is handed over. Storage is read here, after the first render, never during it.
  useEffect(() => {
    const remembered = readMemory(sessionStore());
    if (remembered.length) {
      const current = bus.getState().compare.items;
      bus.update('compare', {
        items: mergeSelections(
          remembered.map((r) => r.item),
          current,
        ),
      });
    }
    store.update((s) => ({
      vehicles: { ...Object.fromEntries(remembered.map((r) => [r.item.id, r.vehicle])), ...s.vehicles },
      restored: true,
    }));
  }, [bus, store]);

  useSubscribe('compare:add', ({ listing }) => {
    const before = bus.getState().compare.items;
    const items = compareClick(before, listing, compareReadingFor(bus.getState().brand.brand));
    const added = items.find((i) => i.id === listing.id && !before.includes(i));
    if (added) {
      const owner = bus.getState().search.result?.owners?.find((o) => o.id === listing.ownerId);
      const vehicle = comparedVehicle(listing, added, owner);
      store.update((s) => ({ ...s, vehicles: { ...s.vehicles, [listing.id]: vehicle } }));
    }
    // Adding opens the drawer.
    bus.update('compare', { items, open: added ? true : bus.getState().compare.open });
  });
  useSubscribe('compare:remove', ({ listingId }) => {
    bus.update('compare', { items: removeFromCompare(bus.getState().compare.items, listingId) });
  });

  useEffect(() => {
    if (!restored) return;
    const entries = compare.items.map((item: CompareItem) => ({ item, vehicle: vehicles[item.id] })).filter((e) => !!e.vehicle);
    writeMemory(sessionStore(), entries);
  }, [restored, compare.items, vehicles]);

  useEffect(() => {
    if (compare.open) headingRef.current?.focus();
  }, [compare.open]);

  useDrawerView(
    drawerRef,
    compare.items.map((i) => i.id),
  );

  const comparing = modal === COMPARISON_MODAL;
  // Nothing left to compare: the comparison closes.
  useEffect(() => {
    if (comparing && compare.items.length === 0) bus.update('modal', { open: null });
  }, [bus, comparing, compare.items.length]);

  if (compare.items.length === 0) return null;
  const open = compare.open;
  const columns = compare.items.map((i) => vehicles[i.id] ?? vehicleFromItem(i));
  return (
    <div className="cmp-drawer" data-open={open} ref={drawerRef}>
      <div className="cmp-bar">
        <h2 className="cmp-heading" tabIndex={-1} ref={headingRef} id="cmp-heading">
          Compare ({compare.items.length} of {LIMITS.compareMax})
        </h2>
        <div className="cmp-actions">
          <Button className="cmp-open" variant="primary" onClick={() => bus.update('modal', { open: COMPARISON_MODAL })}>
            Compare side by side
          </Button>
          <Button
            className="cmp-toggle"
            aria-expanded={open}
            aria-controls="cmp-panel"
            onClick={() => bus.update('compare', { open: !open })}
          >
            {open ? 'Close compare' : 'Open compare'}
          </Button>
        </div>
      </div>
      <div id="cmp-panel" role="region" aria-labelledby="cmp-heading" hidden={!open}>
        <ul className="cmp-list" aria-label="Listings to compare">
          {compare.items.map((item) => (
            <li key={item.id} className="cmp-item">
              {item.image && <img src={item.image} alt="" width={96} height={64} />}
              <span className="cmp-title">{item.title}</span>
              <span className="cmp-price">{priceText(item.price)}</span>
              <Button
                className="cmp-remove"
                aria-label={`Remove ${item.title} from compare`}
                onClick={() => bus.publish('compare:remove', { listingId: item.id })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      </div>
      {comparing && (
        <ComparisonDialog
          vehicles={columns}
          rows={rowsFor(brand.flags)}
          onClose={() => bus.update('modal', { open: null })}
          onRemove={(listingId) => bus.publish('compare:remove', { listingId })}
        />
      )}
    </div>
  );
}
