import { Component, type ReactNode } from 'react';
import { REMOTE_NAMES, type Bus, type RegionHealthKind, type RemoteName } from '@cfs/contracts';
import { BusContext } from './hooks';

/** The short notice a region shows when its remote is missing, slow or broken. */
export const REGION_NOTICE = 'This section is unavailable right now.';

/**
 * The notice's markup, defined once: a status paragraph naming the remote. `RegionNotice` renders
 * it with React (a remote's error boundary); `showRegionNotice` writes it into a region with the
 * DOM (the shell, when a remote never loaded).
 */
function noticeProps(remote: string) {
  return { role: 'status', className: 'cfs-region-notice', 'data-remote-notice': remote } as const;
}

export function RegionNotice({ name }: { name: string }) {
  return <p {...noticeProps(name)}>{REGION_NOTICE}</p>;
}

/** Replaces the content of `region` with the notice for `remote`. */
export function showRegionNotice(region: Element, remote: string): void {
  const doc = region.ownerDocument;
  const p = doc.createElement('p');
  for (const [name, value] of Object.entries(noticeProps(remote))) p.setAttribute(name === 'className' ? 'class' : name, value);
  p.textContent = REGION_NOTICE;
  region.replaceChildren(p);
}

interface State {
  failed: boolean;
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

/** One per remote: a render error inside a remote leaves only its own region with a notice. */
export class RemoteErrorBoundary extends Component<{ name: string; children?: ReactNode }, State> {
  static override contextType = BusContext;
  declare context: Bus | null;
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.name}] render failed`, error);
    reportRegion(this.context, this.props.name, 'error');
  }

  override render() {
    return this.state.failed ? <RegionNotice name={this.props.name} /> : this.props.children;
  }
}
