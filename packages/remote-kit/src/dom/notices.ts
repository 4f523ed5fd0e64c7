import { REMOTE_NAMES, type Bus, type RegionHealthKind, type RemoteName } from '@cfs/contracts';

/** The short notice a region shows when its remote is missing, slow or broken. */
export const REGION_NOTICE = 'This section is unavailable right now.';

/**
 * The notice's markup, defined once: a status paragraph naming the remote. `RegionNotice` renders
 * it with React (a remote's error boundary); `showRegionNotice` writes it into a region with the
 * DOM (the shell, when a remote never loaded).
 */
export function noticeProps(remote: string) {
  return { role: 'status', className: 'cfs-region-notice', 'data-remote-notice': remote } as const;
}

/** Replaces the content of `region` with the notice for `remote`. */
export function showRegionNotice(region: Element, remote: string): void {
  const doc = region.ownerDocument;
  const p = doc.createElement('p');
  for (const [name, value] of Object.entries(noticeProps(remote))) p.setAttribute(name === 'className' ? 'class' : name, value);
  p.textContent = REGION_NOTICE;
  region.replaceChildren(p);
}

/**
 * Tells the page's health reporting how a region fared (contracts REGION_HEALTH_KINDS): a page
 * event the shell sends with the region's registry version. Never throws: a report is not worth
 * a second failure.
 */
export function reportRegion(bus: Bus | null | undefined, remote: string, kind: RegionHealthKind): void {
  if (!bus || !(REMOTE_NAMES as readonly string[]).includes(remote)) return;
  try {
    bus.publish('shell:page-event', { type: 'region:health', remote: remote as RemoteName, kind });
  } catch {
    // Nothing to do: the region's own notice is what the shopper sees.
  }
}
