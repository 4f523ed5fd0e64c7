/**
 * Sending the still-interested alert: a beacon to the gateway's POST /account-api/still-interested
 * with brand, vins, consumer_id and email (page-furniture §7); when the browser has no beacon or
 * refuses it, a POST of JSON. Called from event handlers only. The body is contracts'
 * STILL_INTERESTED_BODY, the schema the gateway checks it with.
 */
import { API_PATHS } from '@cfs/contracts';
import type { StillInterestedBody } from '@cfs/contracts/bodies';
import { api } from '@cfs/remote-kit';

export const STILL_INTERESTED_PATH = API_PATHS.stillInterested;
export type { StillInterestedBody };

export async function sendStillInterested(body: StillInterestedBody): Promise<boolean> {
  const json = JSON.stringify(body);
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(STILL_INTERESTED_PATH, new Blob([json], { type: 'text/plain;charset=UTF-8' }))) return true;
    }
  } catch {
    // Refused: the POST below.
  }
  try {
    await api(STILL_INTERESTED_PATH, { method: 'POST', json: body });
    return true;
  } catch {
    return false;
  }
}

/** The vehicles the shopper already answered (the stored list of viewed ids), and the session's close. */
export const DISMISSED_KEY = 'stillInterestedDismissed';
export const CLOSED_KEY = 'stillInterestedClosed';

const listeners = new Set<() => void>();
export function onStillInterestedChange(l: () => void): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** A snapshot of both stored values ('closed|vin,vin'), for useSyncExternalStore. */
export function stillInterestedSnapshot(): string {
  try {
    return `${window.sessionStorage.getItem(CLOSED_KEY) ?? ''}|${window.localStorage.getItem(DISMISSED_KEY) ?? ''}`;
  } catch {
    return '|';
  }
}

export function readSnapshot(snapshot: string): { closed: boolean; dismissed: string[] } {
  const [closed, list = ''] = snapshot.split('|');
  return { closed: closed === 'closed', dismissed: list.split(',').filter(Boolean) };
}

export function closeStillInterested(): void {
  try {
    window.sessionStorage.setItem(CLOSED_KEY, 'closed');
  } catch {
    // Storage refused: closed for this page only.
  }
  for (const l of [...listeners]) l();
}

export function dismissVehicles(vins: string[]): void {
  try {
    const { dismissed } = readSnapshot(stillInterestedSnapshot());
    window.localStorage.setItem(DISMISSED_KEY, [...new Set([...dismissed, ...vins])].slice(-200).join(','));
  } catch {
    // Storage refused.
  }
  for (const l of [...listeners]) l();
}
