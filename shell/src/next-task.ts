/**
 * Resolves in a later task, so the browser can paint and handle input in between: the shell's
 * start is a few short tasks rather than one long one (a long task holds a shopper's tap back).
 * `scheduler.yield()` where the browser has it (its continuation runs before other queued work),
 * otherwise a zero-delay timer.
 */
export function nextTask(scope: { scheduler?: { yield?: () => Promise<unknown> } } = globalThis as never): Promise<void> {
  const yieldNow = scope.scheduler?.yield;
  if (typeof yieldNow === 'function') return yieldNow.call(scope.scheduler).then(() => undefined);
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** What afterNextPaint needs of a window (a test's own frames and timers, or none of them). */
export type PaintScope = Partial<Pick<Window, 'requestAnimationFrame' | 'setTimeout'>> & { document?: Pick<Document, 'hidden'> };

/**
 * Calls `fn` a task after the next frame is painted (an animation frame, then a task). A hidden
 * page paints nothing, and a scope without frames has none to wait for: there, a task later.
 */
export function afterNextPaint(fn: () => void, scope: PaintScope = window): void {
  const task = () => (scope.setTimeout ? scope.setTimeout(fn, 0) : setTimeout(fn, 0));
  if (scope.requestAnimationFrame && !scope.document?.hidden) scope.requestAnimationFrame(task);
  else task();
}
