import { Component, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children once they threw. */
  fallback: (reset: () => void) => ReactNode;
  onReset: () => void;
  children: ReactNode;
}

/** Catches a remote page that throws while rendering, so only that area shows the fallback. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('A remote page failed while rendering', error);
  }

  private reset = () => {
    this.setState({ failed: false });
    this.props.onReset();
  };

  render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
