import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * Catches a page that fails to render or whose code cannot be loaded (e.g. a new deployment replaced
 * the chunk, or the connection dropped). The header and navigation stay; the visitor can reload.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert alert-danger" role="alert">
        <h1 className="h4 alert-heading">Something went wrong</h1>
        <p>This page could not be shown. Please check your connection and try again.</p>
        <button type="button" className="btn btn-danger" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
