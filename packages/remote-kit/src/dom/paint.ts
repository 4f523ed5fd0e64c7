/** What afterNextPaint needs of a window (a test's own frames and timers, or none of them). */
export type PaintScope = Partial<Pick<Window, 'requestAnimationFrame' | 'setTimeout'>> & { document?: Pick<Document, 'hidden'> };

/**
 * Calls `fn` a task after the next frame is painted (an animation frame, then a task). A hidden
 * page paints nothing, and a scope without frames has none to wait for: there, a task later.
 * Returns what cancels the call.
 */
export function afterNextPaint(fn: () => void, scope: PaintScope = window): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) fn();
  };
  const task = () => (scope.setTimeout ? scope.setTimeout(run, 0) : setTimeout(run, 0));
  if (scope.requestAnimationFrame && !scope.document?.hidden) scope.requestAnimationFrame(task);
  else task();
  return () => {
    cancelled = true;
  };
}
