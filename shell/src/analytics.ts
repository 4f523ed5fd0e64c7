import { PAGE_EVENT_LIMITS, PAGE_EVENTS_PATH, type Bus, type PageEvent, type Registry } from '@cfs/contracts';

/** Logged when a batch of page events could not be sent (page-furniture §8: logged only). */
export const SEND_FAILED = '[shell] page events not sent';

const EMPTY_BATCH_BYTES = '{"events":[]}'.length;

/**
 * Sends the page events remotes publish on the bus ('shell:page-event', page-furniture §7) to the
 * gateway's collector in batches: a batch goes once it holds PAGE_EVENT_LIMITS.batchEvents events
 * or would pass batchBytes, flushDelayMs after its first event, and when the page is hidden or
 * left. Each batch is a beacon (text/plain JSON, which the gateway reads as JSON); without
 * sendBeacon, or when the browser refuses it, a keepalive POST of JSON. A failure is logged and
 * nothing else: the page never waits for, or breaks on, a send (§8). Returns the unbinding.
 */
export function bindPageEvents(bus: Bus, apiBase = '', registry?: Registry): () => void {
  const url = `${apiBase}${PAGE_EVENTS_PATH}`;
  let batch: PageEvent[] = [];
  let bytes = EMPTY_BATCH_BYTES;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (body: string) => {
    let queued = false;
    try {
      queued = navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain;charset=UTF-8' })) ?? false;
    } catch {
      // Refused: the POST below.
    }
    if (queued) return;
    Promise.resolve()
      .then(() => fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }))
      .then((res) => {
        if (!res.ok) throw res.status;
      })
      .catch((err: unknown) => console.error(SEND_FAILED, err));
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!batch.length) return;
    const body = JSON.stringify({ events: batch });
    batch = [];
    bytes = EMPTY_BATCH_BYTES;
    send(body);
  };

  const off = bus.on('shell:page-event', (reported) => {
    // A region's health report names the registry version that served it (a canary's or the live one).
    const event =
      reported.type === 'region:health' && !reported.version && registry?.remotes[reported.remote]
        ? { ...reported, version: registry.remotes[reported.remote].version }
        : reported;
    const size = JSON.stringify(event).length + 1;
    if (bytes + size > PAGE_EVENT_LIMITS.batchBytes) flush();
    batch.push(event);
    bytes += size;
    if (batch.length >= PAGE_EVENT_LIMITS.batchEvents) flush();
    else timer ??= setTimeout(flush, PAGE_EVENT_LIMITS.flushDelayMs);
  });
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);
  return () => {
    flush();
    off();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', flush);
  };
}
