/**
 * The grid's remembered position (Back returns to the same place): per search URL, how many
 * listings were loaded and which card the shopper was at, with its distance from the viewport's
 * top. Kept in the session's storage; anything unreadable reads as nothing remembered.
 */
export interface SavedPosition {
  loaded: number;
  cell: number;
  offset: number;
  /** The listing that cell showed: coming back, its cell is found again even if the grid's cells moved. */
  listing?: string;
}

export const POSITION_KEY_PREFIX = 'cfs-results-position:';

export function positionKey(pathname: string, search: string): string {
  return `${POSITION_KEY_PREFIX}${pathname}${search}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function writePosition(store: Store, key: string, position: SavedPosition): void {
  try {
    store.setItem(key, JSON.stringify(position));
  } catch {
    // Storage full or refused: Back then starts at the top.
  }
}

export function readPosition(store: Store, key: string): SavedPosition | null {
  try {
    const raw = store.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<SavedPosition>;
    const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    if (!whole(v.loaded) || !whole(v.cell) || typeof v.offset !== 'number' || !Number.isFinite(v.offset)) return null;
    const listing = typeof v.listing === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v.listing) ? v.listing : undefined;
    return { loaded: v.loaded!, cell: v.cell!, offset: v.offset, ...(listing ? { listing } : {}) };
  } catch {
    return null;
  }
}
