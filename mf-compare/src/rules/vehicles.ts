/**
 * The drawer's own record of each compared listing's values (team-local state: the shared compare
 * slice carries only what the results grid needs). A small store read with useSyncExternalStore,
 * so the bus handlers and the effect that restores the session's selection write to it without
 * setting React state inside an effect; its server snapshot is the empty record.
 */
import type { ComparedVehicle } from './comparison';

export interface VehicleRecord {
  vehicles: Readonly<Record<string, ComparedVehicle>>;
  /** The remembered selection has been read: from now on the selection may be written back. */
  restored: boolean;
}

export const EMPTY_RECORD: VehicleRecord = { vehicles: {}, restored: false };

export function createVehicleStore() {
  let state: VehicleRecord = EMPTY_RECORD;
  const listeners = new Set<() => void>();
  return {
    get: (): VehicleRecord => state,
    server: (): VehicleRecord => EMPTY_RECORD,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update(change: (s: VehicleRecord) => VehicleRecord) {
      state = change(state);
      for (const l of listeners) l();
    },
  };
}

export type VehicleStore = ReturnType<typeof createVehicleStore>;
