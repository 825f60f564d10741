/**
 * Where this browser keeps the last dashboard data a user saw (./persisted-queries.ts), on its
 * own so that the session can forget it at every sign-in, sign-out and deletion. No React, no Query.
 */
import { SAVED_QUERIES_KEY } from './saved-queries-key.ts';

export { SAVED_QUERIES_KEY };

/** What is kept: whose it is, which build wrote it, and each query's data with its fetch time. */
export interface SavedQueries {
  version: number;
  owner: string;
  savedAt: number;
  queries: { key: readonly unknown[]; data: unknown; updatedAt: number }[];
}

/** Whether this browser keeps any (whose, the session checks when it restores them). */
export function hasSavedQueries(): boolean {
  try {
    return window.localStorage.getItem(SAVED_QUERIES_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether a page shows a query's kept copy, still being read again since the page opened: a form
 * over it must not save until the fresh one is in, or it would write back what changed meanwhile.
 */
export const showsKeptCopy = (query: { isStale: boolean; isFetchedAfterMount: boolean }): boolean =>
  query.isStale && !query.isFetchedAfterMount;

export function readSavedQueries(): unknown {
  try {
    const raw = window.localStorage.getItem(SAVED_QUERIES_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeSavedQueries(saved: SavedQueries): void {
  try {
    window.localStorage.setItem(SAVED_QUERIES_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or unavailable: the next visit loads from the network, as before.
  }
}

export function forgetSavedQueries(): void {
  try {
    window.localStorage.removeItem(SAVED_QUERIES_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
