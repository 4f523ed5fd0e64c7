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
