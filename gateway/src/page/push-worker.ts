/**
 * The push-messaging worker (search-results spec §7): a script served under the search area and
 * registered by the notification prompt with the search area as its scope. It shows a pushed
 * message (title, body and the page it leads to, with the page's own icon) and, on a click, opens
 * that page when it is of this site (any other address opens the search area instead).
 *
 * - Served as JavaScript with a short cache (browsers check a worker for updates on their own).
 * - `Service-Worker-Allowed: /cars-for-sale`: the script lives at /cars-for-sale/push-worker.js,
 *   whose default scope would be /cars-for-sale/ only; the page itself is /cars-for-sale.
 * - The page's CSP allows it with worker-src 'self' (security.ts).
 */
import type { FastifyInstance } from 'fastify';
import { PAGE_ICON as ICON } from '@cfs/contracts/page-icon';
import { documentHeaders } from './headers';
import { PUSH_SCOPE, PUSH_WORKER_PATH } from '@cfs/contracts';

export const PUSH_WORKER_URL = PUSH_WORKER_PATH;
export const PUSH_WORKER_SCOPE = PUSH_SCOPE;

/** The worker's source: plain ES2017, no imports (a classic worker script). */
export const PUSH_WORKER_SOURCE = `'use strict';
var SCOPE = ${JSON.stringify(PUSH_WORKER_SCOPE)};
var ICON = ${JSON.stringify(ICON)};

function text(value, max) {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** The page a message leads to: a same-origin address, else the search area. */
function target(raw) {
  try {
    var url = new URL(typeof raw === 'string' ? raw : SCOPE, self.location.origin);
    if (url.origin === self.location.origin && (url.protocol === 'https:' || url.protocol === 'http:')) return url.href;
  } catch (e) {
    // Not an address: the search area.
  }
  return new URL(SCOPE, self.location.origin).href;
}

self.addEventListener('push', function (event) {
  var data = {};
  if (event.data) {
    try {
      data = event.data.json() || {};
    } catch (e) {
      data = { body: event.data.text() };
    }
  }
  var title = text(data.title, 120) || 'New matches for your search';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: text(data.body, 400),
      icon: ICON,
      data: { url: target(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = target(event.notification.data && event.notification.data.url);
  event.waitUntil(self.clients.openWindow(url));
});
`;

export async function pushWorkerRoute(app: FastifyInstance): Promise<void> {
  app.get(PUSH_WORKER_URL, { schema: { querystring: { type: 'object' } } }, async (_request, reply) => {
    documentHeaders(reply, 'pushWorker').type('text/javascript; charset=utf-8');
    reply.header('service-worker-allowed', PUSH_WORKER_SCOPE);
    return reply.send(PUSH_WORKER_SOURCE);
  });
}
