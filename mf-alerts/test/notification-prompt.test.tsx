import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { createBus, defaultFlags } from '@cfs/bus';
import { BusContext, WANTED_NOW_ATTR } from '@cfs/remote-kit';
import type { SearchQuery } from '@cfs/contracts';
import { answer } from '@cfs/test-kit';
import { NotificationPrompt } from '../src/components/NotificationPrompt';
import {
  browserToken,
  mayNotify,
  needsHomeScreen,
  notificationAction,
  permissionState,
  PROMPT_SHOWN_KEY,
  sessionCookies,
} from '../src/rules/notification-prompt';
import {
  BROWSER_TOKEN_KEY,
  notificationSnapshot,
  notifyNotificationChange,
  pushToken,
  registerDevice,
  resetNotificationSnapshot,
} from '../src/rules/push-device';
import { TEXT } from '../src/rules/texts';

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const base = {
  enabled: true,
  supported: true,
  permission: 'default' as const,
  shownBefore: false,
  lastInventoryView: NOW - 1000,
  now: NOW,
  query: { modelCode: ['F150'] },
};

describe('notificationAction', () => {
  it.each<[string, Partial<Parameters<typeof notificationAction>[0]>, string]>([
    ['default permission, a model filter, a view an hour ago', { lastInventoryView: NOW - 3_600_000 }, 'prompt'],
    ['a body-style filter', { query: { vehicleStyleCode: ['SUV'] } }, 'prompt'],
    ['a view exactly 24 hours ago', { lastInventoryView: NOW - DAY }, 'prompt'],
    ['a view more than 24 hours ago', { lastInventoryView: NOW - DAY - 1 }, 'none'],
    ['no earlier view', { lastInventoryView: null }, 'none'],
    ['no model or body style', { query: { makeCode: ['FORD'] } }, 'none'],
    ['shown before', { shownBefore: true }, 'none'],
    ['blocked', { permission: 'blocked' }, 'none'],
    ['granted: register, no prompt', { permission: 'granted' }, 'register'],
    ['granted but no model or body style', { permission: 'granted', query: {} }, 'none'],
    ['no notifications in the browser', { supported: false }, 'none'],
    ['flag notificationPrompt off', { enabled: false }, 'none'],
    ['flag off, granted: no registration either', { enabled: false, permission: 'granted' }, 'none'],
  ])('%s → %s', (_name, patch, expected) => {
    expect(notificationAction({ ...base, ...patch })).toBe(expected);
  });

  it.each([
    ['granted', 'granted'],
    ['denied', 'blocked'],
    ['default', 'default'],
    [undefined, 'default'],
  ])('permission %s is %s', (p, s) => expect(permissionState(p)).toBe(s));

  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', false, true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', true, false],
    ['Mozilla/5.0 (X11; Linux x86_64)', false, false],
  ])('home-screen step for %s (standalone %s): %s', (ua, standalone, expected) => expect(needsHomeScreen(ua, standalone)).toBe(expected));

  it('makes a token the consumer-device call accepts, and session cookies of at most 1800 s', () => {
    expect(browserToken('https://push.example/send/abc?x=1')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sessionCookies('p1', 's1')).toEqual([
      'psid=p1; Max-Age=1800; Path=/cars-for-sale; SameSite=Lax',
      'siomid=s1; Max-Age=1800; Path=/cars-for-sale; SameSite=Lax',
    ]);
  });
});

const fetchMock = jest.fn();
const requestPermission = jest.fn();
function setPermission(permission: string | null) {
  if (permission === null) delete (window as { Notification?: unknown }).Notification;
  else Object.defineProperty(window, 'Notification', { value: { permission, requestPermission }, configurable: true, writable: true });
}
const subscribe = jest.fn(async (): Promise<{ endpoint: string }> => ({ endpoint: 'https://push.example/send/abc' }));
const swRegister = jest.fn(async () => ({ pushManager: { getSubscription: async () => null, subscribe } }));

beforeEach(() => {
  window.history.pushState({}, '', '/cars-for-sale?modelCode=F150');
  resetNotificationSnapshot();
  fetchMock.mockReset().mockResolvedValue(answer({ status: 'registered' }, 201));
  global.fetch = fetchMock as unknown as typeof fetch;
  requestPermission.mockReset();
  swRegister.mockClear();
  subscribe.mockClear();
  Object.defineProperty(navigator, 'serviceWorker', { value: { register: swRegister }, configurable: true });
  window.localStorage.clear();
});
afterEach(() => setPermission(null));

/** The region's tree, the previous search-page visit a minute ago unless told otherwise (first-load state). */
function tree(query: SearchQuery = { makeCode: ['FORD'], modelCode: ['F150'] }, lastInventoryView: number | null = Date.now() - 60_000) {
  const bus = createBus({
    brand: { brand: 'atc', flags: defaultFlags() },
    session: { signedIn: false, leadProfile: null, lastInventoryView },
    search: { query, result: null, status: 'success', requestId: 1, error: null },
  });
  return (
    <BusContext.Provider value={bus}>
      <NotificationPrompt />
    </BusContext.Provider>
  );
}
function mount(query?: SearchQuery, lastInventoryView?: number | null) {
  return render(tree(query, lastInventoryView));
}
const prompt = () => screen.queryByRole('region', { name: TEXT.notifyHeading });
const deviceCalls = () => fetchMock.mock.calls.filter((c) => c[0] === '/cars-for-sale/consumer-device/browser');

describe("the prompt's reading of the browser", () => {
  it('reads the permission and storage once, and again only after a change it is told of', () => {
    const read = jest.spyOn(Storage.prototype, 'getItem');
    const first = notificationSnapshot();
    const reads = read.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    expect(notificationSnapshot()).toBe(first);
    expect(read.mock.calls.length).toBe(reads);
    notifyNotificationChange();
    notificationSnapshot();
    expect(read.mock.calls.length).toBeGreaterThan(reads);
    read.mockRestore();
  });
});

describe('the notification prompt', () => {
  it('default permission: shown; granting registers the device through the consumer-device call; shown once', async () => {
    setPermission('default');
    requestPermission.mockResolvedValue('granted');
    const user = userEvent.setup();
    const view = mount();
    await user.click(screen.getByRole('button', { name: TEXT.notifyOn }));
    await waitFor(() => expect(deviceCalls()).toHaveLength(1));
    expect(swRegister).toHaveBeenCalledWith('/cars-for-sale/push-worker.js', { scope: '/cars-for-sale' });
    const sent = JSON.parse(String((deviceCalls()[0][1] as RequestInit).body));
    expect(sent).toEqual({ brand: 'atc', browser_token: browserToken('https://push.example/send/abc') });
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    expect(document.cookie).toMatch(/psid=/);
    expect(window.localStorage.getItem(PROMPT_SHOWN_KEY)).toBe('1');
    view.unmount();
    resetNotificationSnapshot();
    mount();
    expect(prompt()).not.toBeInTheDocument();
  });

  it("'Not now' hides it for good without asking the browser", async () => {
    setPermission('default');
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole('button', { name: TEXT.notifyNotNow }));
    expect(prompt()).not.toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(PROMPT_SHOWN_KEY)).toBe('1');
  });

  it('a refused permission registers nothing', async () => {
    setPermission('default');
    requestPermission.mockResolvedValue('denied');
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole('button', { name: TEXT.notifyOn }));
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    expect(deviceCalls()).toHaveLength(0);
  });

  it('granted already: no prompt, the device is registered', async () => {
    setPermission('granted');
    mount();
    expect(prompt()).not.toBeInTheDocument();
    await waitFor(() => expect(deviceCalls()).toHaveLength(1));
  });

  it.each<[string, () => void, SearchQuery, number | null]>([
    ['blocked', () => setPermission('denied'), { modelCode: ['F150'] }, Date.now() - 60_000],
    ['no notifications in the browser', () => setPermission(null), { modelCode: ['F150'] }, Date.now() - 60_000],
    ['no model or body-style filter', () => setPermission('default'), { makeCode: ['FORD'] }, Date.now() - 60_000],
    ['no previous inventory view', () => setPermission('default'), { modelCode: ['F150'] }, null],
    ['an inventory view over a day ago', () => setPermission('default'), { modelCode: ['F150'] }, Date.now() - DAY - 60_000],
  ])('not shown when %s', (_name, prepare, query, lastInventoryView) => {
    prepare();
    mount(query, lastInventoryView);
    expect(prompt()).not.toBeInTheDocument();
    expect(deviceCalls()).toHaveLength(0);
  });

  it('on iOS, an add-to-home-screen step follows the grant', async () => {
    setPermission('default');
    requestPermission.mockResolvedValue('granted');
    const ua = jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole('button', { name: TEXT.notifyOn }));
    expect(await screen.findByRole('region', { name: TEXT.homeScreenHeading })).toHaveTextContent(TEXT.homeScreenStep);
    await user.click(screen.getByRole('button', { name: TEXT.homeScreenDone }));
    expect(screen.queryByRole('region', { name: TEXT.homeScreenHeading })).not.toBeInTheDocument();
    ua.mockRestore();
  });

  it('a registration without a token or with a failing call is logged only', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await registerDevice('atc', async () => null)).toBe(false);
    fetchMock.mockResolvedValueOnce(answer({ error: 'down' }, 503));
    expect(await registerDevice('atc', async () => 'tok')).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("without a push service, the device is registered with the browser's own kept token, and nothing is logged", async () => {
    subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service not available', 'AbortError'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await pushToken();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(window.localStorage.getItem(BROWSER_TOKEN_KEY)).toBe(first);
    // The same browser keeps its token.
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    expect(await pushToken()).toBe(first);
    expect(await registerDevice('atc')).toBe(true);
    expect(JSON.parse(String((deviceCalls()[0][1] as RequestInit).body))).toEqual({ brand: 'atc', browser_token: first });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the server render', () => {
  // The permission and the storage are the browser's: when the prompt may apply, the server HTML
  // has the region's code loaded at once; otherwise the code may wait until the shopper reaches it.
  it.each<[string, SearchQuery, number | null, boolean]>([
    ['a model filter and a previous visit: wanted', { modelCode: ['F150'] }, Date.now() - 60_000, true],
    ['a body-style filter and a previous visit: wanted', { vehicleStyleCode: ['SUV'] }, Date.now() - 60_000, true],
    ['no previous visit: not wanted', { modelCode: ['F150'] }, null, false],
    ['no model or body-style filter: not wanted', { makeCode: ['FORD'] }, Date.now() - 60_000, false],
  ])('%s', (_name, query, last, wanted) => {
    const html = renderToString(tree(query, last));
    expect(html.includes(WANTED_NOW_ATTR)).toBe(wanted);
    expect(html).not.toContain(TEXT.notifyHeading);
    expect(mayNotify({ enabled: true, lastInventoryView: last, query })).toBe(wanted);
  });

  it('wants nothing with the flag off', () => {
    expect(mayNotify({ enabled: false, lastInventoryView: Date.now(), query: { modelCode: ['F150'] } })).toBe(false);
  });
});
