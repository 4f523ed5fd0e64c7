/**
 * The compare selection remembered for the session (sessionStorage): reloads of the page in the
 * same tab keep what the shopper chose to compare. Read in an effect after the first render, never
 * during render, so the server render and the browser's first render are the same. Storage that
 * is unavailable or holds something else reads as nothing remembered.
 */
import { LIMITS, REGION_MEMORY_KEYS, type CompareItem } from '@cfs/contracts';
import { COMPARE_ROWS, type ComparedVehicle } from './comparison';

export const COMPARE_MEMORY_KEY = REGION_MEMORY_KEYS['mf-compare']!;

export interface Remembered {
  item: CompareItem;
  vehicle: ComparedVehicle;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 500;
const isTextOrNull = (v: unknown): v is string | null => v === null || isText(v);

function valid(entry: unknown): entry is Remembered {
  const e = entry as Remembered | null;
  if (!e || typeof e !== 'object' || !e.item || !e.vehicle) return false;
  const { item, vehicle } = e;
  if (!isText(item.id) || !isText(item.title) || !isTextOrNull(item.image)) return false;
  if (!(item.price === null || typeof item.price === 'number') || typeof item.year !== 'number') return false;
  if (vehicle.id !== item.id || !isText(vehicle.title) || !isTextOrNull(vehicle.href) || !isTextOrNull(vehicle.image)) return false;
  return !!vehicle.values && COMPARE_ROWS.every((r) => isText(vehicle.values[r.key]));
}

/** What this tab remembers (at most the compare limit, each listing once), or nothing. */
export function readMemory(storage: Pick<Storage, 'getItem'> | undefined): Remembered[] {
  try {
    const raw = storage?.getItem(COMPARE_MEMORY_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    return parsed.filter((e) => valid(e) && !seen.has(e.item.id) && seen.add(e.item.id)).slice(0, LIMITS.compareMax);
  } catch {
    return [];
  }
}

export function writeMemory(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, entries: Remembered[]): void {
  try {
    if (entries.length) storage?.setItem(COMPARE_MEMORY_KEY, JSON.stringify(entries));
    else storage?.removeItem(COMPARE_MEMORY_KEY);
  } catch {
    // Storage full or refused: the selection is simply not remembered.
  }
}

/** The browser's session storage, if it can be reached (effects only). */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined;
  }
}
