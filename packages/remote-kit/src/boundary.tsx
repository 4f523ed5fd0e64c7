import { Component, type ReactNode } from 'react';
import type { Bus } from '@cfs/contracts';
import { noticeProps, REGION_NOTICE, reportRegion } from '@cfs/remote-kit/dom';
import { BusContext } from './hooks';

export function RegionNotice({ name }: { name: string }) {
  return <p {...noticeProps(name)}>{REGION_NOTICE}</p>;
}

interface State {
  failed: boolean;
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
