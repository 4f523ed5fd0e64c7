/**
 * The push-messaging worker (search-results spec §7), built by this remote as a script of its own
 * (push-worker.js, no Module Federation runtime: mf-build's `workers`) and published with its
 * version; the gateway serves the live version's at contracts' PUSH_WORKER_PATH, allowed the
 * search area (PUSH_SCOPE) as its scope. The notification prompt registers it.
 *
 * It shows a pushed message (title, body and the page it leads to, with the page's own icon) and,
 * on a click, opens that page when it is of this site (any other address opens the search area).
 */
import { PUSH_SCOPE } from '@cfs/contracts/page-paths';
import { PAGE_ICON } from '@cfs/contracts/page-icon';

/** What this script uses of a service worker's global scope (the DOM library has no worker types). */
interface PushScope {
  location: { origin: string };
  addEventListener(type: 'push', listener: (event: PushLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: ClickLike) => void): void;
  registration: { showNotification(title: string, options: { body: string; icon: string; data: { url: string } }): Promise<void> };
  clients: { openWindow(url: string): Promise<unknown> };
}
interface Waiting {
  waitUntil(p: Promise<unknown>): void;
}
interface PushLike extends Waiting {
  data?: { json(): unknown; text(): string } | null;
}
interface ClickLike extends Waiting {
  notification: { close(): void; data?: { url?: unknown } | null };
}

const scope = self as unknown as PushScope;

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** The page a message leads to: a same-origin address, else the search area. */
function target(raw: unknown): string {
  const origin = scope.location.origin;
  try {
    const url = new URL(typeof raw === 'string' ? raw : PUSH_SCOPE, origin);
    if (url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:')) return url.href;
  } catch {
    // Not an address: the search area.
  }
  return new URL(PUSH_SCOPE, origin).href;
}

scope.addEventListener('push', (event) => {
  let data: Record<string, unknown> = {};
  if (event.data) {
    try {
      data = (event.data.json() as Record<string, unknown> | null) ?? {};
    } catch {
      data = { body: event.data.text() };
    }
  }
  const title = text(data.title, 120) || 'New matches for your search';
  event.waitUntil(
    scope.registration.showNotification(title, { body: text(data.body, 400), icon: PAGE_ICON, data: { url: target(data.url) } }),
  );
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(scope.clients.openWindow(target(event.notification.data?.url)));
});
