import { Component, type ReactNode } from 'react';

/** The short notice a region shows when its remote is missing, slow or broken. */
export const REGION_NOTICE = 'This section is unavailable right now.';

export function RegionNotice({ name }: { name: string }) {
  return (
    <p role="status" className="cfs-region-notice" data-remote-notice={name}>
      {REGION_NOTICE}
    </p>
  );
}

interface State {
  failed: boolean;
}

/** One per remote: a render error inside a remote leaves only its own region with a notice. */
export class RemoteErrorBoundary extends Component<{ name: string; children?: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.name}] render failed`, error);
  }

  override render() {
    return this.state.failed ? <RegionNotice name={this.props.name} /> : this.props.children;
  }
}
