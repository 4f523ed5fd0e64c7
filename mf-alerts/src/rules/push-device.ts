/**
 * Push registration (search-results spec §7): the push worker registered under the search area
 * with the search area as its scope, the push provider's token, and the consumer-device call
 * (POST /cars-for-sale/consumer-device/browser { brand, pixall_id, browser_token }, 1 s at the
 * gateway). Browser-only: called from effects and event handlers.
 */
import { API_PATHS, PUSH_SCOPE, PUSH_WORKER_PATH, type Brand } from '@cfs/contracts';
import type { ConsumerDeviceBody } from '@cfs/contracts/bodies';
import { api } from '@cfs/remote-kit';
import { browserToken, PROMPT_SHOWN_KEY, sessionCookies } from './notification-prompt';

/** Served by the gateway (its page/push-worker.ts) with `Service-Worker-Allowed` for this scope. */
export { PUSH_WORKER_PATH };
/** The search area: the page itself (/cars-for-sale) and every path under it. */
export { PUSH_SCOPE };
export const CONSUMER_DEVICE_PATH = API_PATHS.consumerDevice;
/** Where this browser keeps its own device token for when the push provider yields none. */
export const BROWSER_TOKEN_KEY = 'pushBrowserToken';

const randomId = (bytes = 12) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Resolves once the registration's worker is active (or has failed to install). */
function activated(reg: ServiceWorkerRegistration): Promise<void> {
  const worker = reg.installing ?? reg.waiting;
  if (reg.active || !worker) return Promise.resolve();
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated' || worker.state === 'redundant') resolve();
    });
  });
}

/** The push subscription's endpoint as a token, or null when the browser has no push service. */
async function subscriptionToken(): Promise<string | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  let reg: ServiceWorkerRegistration;
  try {
    reg = await navigator.serviceWorker.register(PUSH_WORKER_PATH, { scope: PUSH_SCOPE });
  } catch (err) {
    console.warn('push worker registration failed', err);
    return null;
  }
  if (!reg.pushManager) return null;
  try {
    await activated(reg);
    const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true }));
    return sub?.endpoint ? browserToken(sub.endpoint) : null;
  } catch {
    // No push service in this browser (a headless or locked-down one): the browser's own token.
    return null;
  }
}

/** This browser's own device token, kept in storage (made once). */
function keptToken(): string | null {
  try {
    const kept = window.localStorage.getItem(BROWSER_TOKEN_KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
    const made = randomId(16);
    window.localStorage.setItem(BROWSER_TOKEN_KEY, made);
    return made;
  } catch {
    return null;
  }
}

/**
 * The device token: the push provider's (the worker's push subscription) when the browser has a
 * push service, else the browser's own kept token; null when neither can be had.
 */
export async function pushToken(): Promise<string | null> {
  return (await subscriptionToken()) ?? keptToken();
}

function cookieValue(name: string): string | undefined {
  const hit = document.cookie.split(';').find((p) => p.trim().startsWith(`${name}=`));
  const v = hit?.trim().slice(name.length + 1);
  return v && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : undefined;
}

/** Registers this browser for pushes; false (logged) when there is no token or the call fails. */
export async function registerDevice(brand: Brand, token: () => Promise<string | null> = pushToken): Promise<boolean> {
  try {
    const browser_token = await token();
    if (!browser_token) return false;
    const pixall_id = cookieValue('pixall_id');
    await api(CONSUMER_DEVICE_PATH, {
      method: 'POST',
      json: { brand, browser_token, ...(pixall_id ? { pixall_id } : {}) } satisfies ConsumerDeviceBody,
    });
    for (const c of sessionCookies(cookieValue('psid') ?? randomId(), cookieValue('siomid') ?? randomId())) document.cookie = c;
    return true;
  } catch (err) {
    console.warn('push registration failed', err);
    return false;
  }
}

/**
 * What the prompt reads from the browser: 'permission|shown|page opened at'. The time is read once
 * per page (when it opened); the rest is read again only after a change this module is told of
 * (notifyNotificationChange), not at every render: reading the permission and storage cost about a
 * millisecond each time the search changed.
 */
let openedAt = 0;
let cached: string | undefined;
const listeners = new Set<() => void>();

export function notificationSnapshot(): string {
  if (typeof window === 'undefined') return 'server';
  if (cached !== undefined) return cached;
  try {
    if (!openedAt) openedAt = Date.now();
    const permission = typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
    const next = `${permission}|${window.localStorage.getItem(PROMPT_SHOWN_KEY) ? 'shown' : ''}|${openedAt}`;
    cached = next;
    return cached;
  } catch {
    return 'unsupported||';
  }
}

export function onNotificationChange(l: () => void): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function notifyNotificationChange(): void {
  cached = undefined;
  for (const l of [...listeners]) l();
}

export function markPromptShown(): void {
  try {
    window.localStorage.setItem(PROMPT_SHOWN_KEY, '1');
  } catch {
    // Storage refused: it may show again.
  }
  notifyNotificationChange();
}

/** For tests: forget what this page read. */
export function resetNotificationSnapshot(): void {
  openedAt = 0;
  cached = undefined;
}
