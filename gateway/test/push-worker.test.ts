/**
 * The push worker: the alerts remote's script (mf-alerts' src/push-worker.ts, built as
 * push-worker.js and published with its version), served by the gateway at one address as
 * JavaScript, never cached for long, allowed the page's scope; it handles push and
 * notificationclick and opens only pages of this site.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { PAGE_ICON } from '@cfs/contracts/page-icon';
import { PUSH_WORKER_FILE, PUSH_WORKER_OWNER, PUSH_WORKER_SCOPE, PUSH_WORKER_URL } from '../src/page/push-worker';
import { cspDirectives } from '../src/security';
import { builtDist, declareBuild, deploy, startGateway, startUpstream, tmpDir, type TestGateway, type Upstream } from './helpers';

/** The script as the alerts remote's build has it. */
const builtScript = () => fs.readFileSync(path.join(builtDist(PUSH_WORKER_OWNER), PUSH_WORKER_FILE), 'utf8');

/** Runs the worker script in a stand-in worker scope and returns its listeners and what they did. */
function runWorker(source = builtScript()) {
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
  vm.runInNewContext(source, { self, URL });
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
  let up: Upstream;
  let gw: TestGateway;
  beforeAll(async () => {
    up = await startUpstream();
    gw = await startGateway(up.url);
    await deploy(gw.store, PUSH_WORKER_OWNER, builtDist(PUSH_WORKER_OWNER));
  });
  afterAll(async () => {
    await gw.close();
    await up.close();
  });

  it('answers the live alerts build’s script as JavaScript, revalidated, with the page as its allowed scope', async () => {
    const res = await gw.app.inject(PUSH_WORKER_URL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/cars-for-sale');
    expect(res.body).toBe(builtScript());
    expect(PUSH_WORKER_URL.startsWith(`${PUSH_WORKER_SCOPE}/`)).toBe(true);
  });

  it('follows the alerts remote’s versions at the same address: a switch serves the other build’s script, one without it a 404', async () => {
    const first = gw.store.read().remotes[PUSH_WORKER_OWNER]!.version;
    const other = tmpDir('alerts-v2');
    fs.cpSync(builtDist(PUSH_WORKER_OWNER), other, { recursive: true });
    fs.appendFileSync(path.join(other, PUSH_WORKER_FILE), '\n// another build\n');
    declareBuild(other);
    const second = await deploy(gw.store, PUSH_WORKER_OWNER, other, '2.0.0');
    expect((await gw.app.inject(PUSH_WORKER_URL)).body).toContain('// another build');
    fs.rmSync(path.join(other, PUSH_WORKER_FILE));
    declareBuild(other);
    const without = await deploy(gw.store, PUSH_WORKER_OWNER, other, '2.0.1');
    fs.rmSync(other, { recursive: true, force: true });
    const missing = await gw.app.inject(PUSH_WORKER_URL);
    expect([missing.statusCode, missing.body]).toEqual([404, expect.stringContaining(without)]);
    await gw.store.switch(PUSH_WORKER_OWNER, first);
    expect((await gw.app.inject(PUSH_WORKER_URL)).body).toBe(builtScript());
    expect(second).not.toBe(first);
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
