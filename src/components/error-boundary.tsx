import { Component, type ErrorInfo, type ReactNode } from 'react';
import { m } from '../paraglide/messages.js';

interface Props {
  children: ReactNode;
  /** What to show instead of the failed part. */
  fallback: ReactNode;
  /** A change of this value (e.g. the path) clears the failure. */
  resetKey?: string;
}

interface State {
  failed: boolean;
}

/**
 * Catches a part of the page that fails to render or whose code cannot be loaded (a new deployment
 * replaced the chunk, or the connection dropped), so the rest of the page stays usable.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('Part of the page failed', error, info.componentStack);
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The fallback for a whole page, or a part of one: a message and a Reload button. */
export function LoadFailure({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="alert alert-danger" role="alert">
      <h2 className="h5 alert-heading">{heading}</h2>
      <p>{children}</p>
      <button type="button" className="btn btn-danger" onClick={() => window.location.reload()}>
        {m.common_reload()}
      </button>
    </div>
  );
}
