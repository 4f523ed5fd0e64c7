/**
 * The push worker's route: served as JavaScript under the search area, never cached for long,
 * allowed the page's scope; the script handles push and notificationclick and opens only pages
 * of this site.
 */
import vm from 'node:vm';
import Fastify from 'fastify';
import { PAGE_ICON } from '@cfs/contracts/page-icon';
import { PUSH_WORKER_SCOPE, PUSH_WORKER_SOURCE, PUSH_WORKER_URL, pushWorkerRoute } from '../src/page/push-worker';
import { cspDirectives } from '../src/security';

async function app() {
  const a = Fastify();
  await a.register(pushWorkerRoute);
  return a;
}

/** Runs the worker script in a stand-in worker scope and returns its listeners and what they did. */
function runWorker() {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: { body: string; icon: string; data: { url: string } } }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: 'https://cars.test' },
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      listeners[type] = fn;
    },
    registration: {
      showNotification: (title: string, options: (typeof shown)[number]['options']) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
  };
  vm.runInNewContext(PUSH_WORKER_SOURCE, { self, URL });
  const push = (payload: unknown) =>
    listeners.push({
      data: { json: () => payload, text: () => String(payload) },
      waitUntil: () => undefined,
    });
  const click = (url: unknown) =>
    listeners.notificationclick({ notification: { data: { url }, close: () => undefined }, waitUntil: () => undefined });
  return { listeners, shown, opened, push, click };
}

describe('the push worker route', () => {
  it('answers the script as JavaScript, revalidated, with the page as its allowed scope', async () => {
    const a = await app();
    const res = await a.inject(PUSH_WORKER_URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/cars-for-sale');
    expect(res.body).toBe(PUSH_WORKER_SOURCE);
    expect(PUSH_WORKER_URL.startsWith(`${PUSH_WORKER_SCOPE}/`)).toBe(true);
    await a.close();
  });

  it('is allowed by the page CSP as a same-origin worker', () => {
    expect(cspDirectives({ registryOrigins: [], tls: false })['worker-src']).toEqual(["'self'"]);
  });
});

describe('the push worker script', () => {
  it('handles push and notificationclick', () => {
    expect(Object.keys(runWorker().listeners).sort()).toEqual(['notificationclick', 'push']);
  });

  it("shows the message's title and body with the page's icon and the page it leads to", () => {
    const w = runWorker();
    w.push({ title: 'New Ford Mustang listings', body: '3 new matches', url: '/cars-for-sale?makeCode=FORD' });
    expect(w.shown).toEqual([
      {
        title: 'New Ford Mustang listings',
        options: {
          body: '3 new matches',
          icon: PAGE_ICON,
          data: { url: 'https://cars.test/cars-for-sale?makeCode=FORD' },
        },
      },
    ]);
  });

  it('shows a message without a title under a default title', () => {
    const w = runWorker();
    w.push({});
    expect(w.shown[0].title).toBe('New matches for your search');
    expect(w.shown[0].options.data.url).toBe('https://cars.test/cars-for-sale');
  });

  it('opens a page of this site on a click', () => {
    const w = runWorker();
    w.click('https://cars.test/cars-for-sale/all/ford');
    expect(w.opened).toEqual(['https://cars.test/cars-for-sale/all/ford']);
  });

  it.each(['https://evil.example/cars-for-sale', '//evil.example/x', 'javascript:alert(1)', 42])('opens the search area, not %s', (url) => {
    const w = runWorker();
    w.click(url);
    expect(w.opened).toEqual(['https://cars.test/cars-for-sale']);
  });
});
