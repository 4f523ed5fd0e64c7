/** The one restart policy of the product's supervisors (restart.cjs). */
export interface BackoffOptions {
  /** First wait before a start again (default 500 ms); doubles on each exit. */
  firstMs?: number;
  /** The longest wait (default 30 s). */
  maxMs?: number;
  /** A process that ran this long before it exited starts again at the first wait (default 30 s). */
  healthyAfterMs?: number;
}

export class RestartBackoff {
  constructor(options?: BackoffOptions);
  /** The wait before starting again a process that exited after running `ranMs`. */
  afterExit(ranMs: number): number;
}

/** Calls `onChange` when `file` is replaced or written; returns a function that stops watching. */
export function watchFile(file: string, onChange: () => void): () => void;
