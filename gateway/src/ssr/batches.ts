/**
 * Messages in batches, for the isolate protocol (@cfs/contracts' region-render.ts): what is added
 * in one go (before the current microtasks have run: a render's calls made at once, the answers
 * that are ready together) is sent as one batch. Used on both sides of a task's port: the
 * isolate's calls (isolate-worker.ts) and the gateway's answers (isolates.ts).
 */
export function batched<T>(send: (items: T[]) => void): (item: T) => void {
  let batch: T[] | null = null;
  return (item) => {
    if (batch) {
      batch.push(item);
      return;
    }
    batch = [item];
    queueMicrotask(() => {
      const items = batch ?? [];
      batch = null;
      send(items);
    });
  };
}
