import { Component, type ErrorInfo, type ReactNode } from 'react';
import { clearStoredAuth } from '../features/auth/storage.ts';

export function FullPageError() {
  const refresh = () => {
    clearStoredAuth();
    window.location.reload();
  };
  return (
    <main className="full-page-center">
      <div className="card message-card" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">The app encountered an error. Please try refreshing the page.</p>
        <button type="button" className="btn btn-primary" onClick={refresh}>
          Refresh Page
        </button>
      </div>
    </main>
  );
}

interface State {
  error: unknown;
}

/** Any render error: a full-page message whose Refresh Page button also forgets the stored session. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <FullPageError />;
    return this.props.children;
  }
}
