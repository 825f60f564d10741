import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from './Spinner.tsx';
import './Panels.css';

/** A spinner in a block of its own; `className` adds to its look (a card, a height). */
export function LoadingPanel({ label, className }: { label: string; className?: string }) {
  return (
    <div className={className ? `panel-center ${className}` : 'panel-center'}>
      <Spinner label={label} />
    </div>
  );
}

/** A failure in a card, with a retry; `alert` announces it (off where a toast already does). */
export function ErrorPanel({
  message,
  onRetry,
  alert = true,
}: {
  message: string;
  onRetry?: () => void;
  alert?: boolean;
}) {
  return (
    <div className="card empty-state" role={alert ? 'alert' : undefined}>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyPanel({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="card empty-state">
      <p>{children}</p>
      {action}
    </div>
  );
}

/**
 * A query's three states in one place: a spinner while it loads, a retryable error, then its data
 * (or `empty` when the data is an empty list).
 */
export function QueryView<T>({
  query,
  loading,
  error,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  error: string;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingPanel label={loading} />;
  if (query.isError) return <ErrorPanel message={error} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) {
    return <EmptyPanel>{empty}</EmptyPanel>;
  }
  return children(query.data);
}
