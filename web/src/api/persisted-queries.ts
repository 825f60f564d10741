/**
 * The dashboard opens at once: the last reminders list, savings, profile and household (whose members
 * the shared reminders name, and whether the dashboard offers its 'Shared' filter) a user saw are kept
 * in this browser and shown on the next visit while they refresh (restored as stale, so the page's
 * queries refetch them as they mount). Only those four queries, only for the user
 * who saw them: another user's sign-in, a sign-out or a deletion forgets them (features/auth/storage.ts).
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './get-me.ts';
import { remindersQueryKey } from './get-reminders.ts';
import { forgetSavedQueries, readSavedQueries, writeSavedQueries } from './saved-queries.ts';
import { savingsQueryKey } from './get-savings.ts';
import { householdQueryKey } from './get-household.ts';

/** Raised when what is kept changes shape: older copies are then ignored. */
const VERSION = 1;
/** Older than this, a kept list is more misleading than helpful: the page waits for the network. */
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const KEPT = [remindersQueryKey, savingsQueryKey, meQueryKey, householdQueryKey] as const;
const KEPT_HASHES = new Set(KEPT.map((key) => hashKey(key)));

interface Saved {
  version: typeof VERSION;
  owner: string;
  savedAt: number;
  queries: { key: string[]; data: unknown; updatedAt: number }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isSavedQuery = (value: unknown): value is Saved['queries'][number] =>
  isRecord(value) &&
  Array.isArray(value.key) &&
  value.key.every((part) => typeof part === 'string') &&
  typeof value.updatedAt === 'number';

/**
 * What this browser kept, if it has the shape this version writes. Checked by hand, not with zod: this
 * runs on the way to the kept list, and zod (~14 KB gzip) would load with it (docs/architecture.md).
 */
function asSaved(value: unknown): Saved | null {
  const ok =
    isRecord(value) &&
    value.version === VERSION &&
    typeof value.owner === 'string' &&
    value.owner.length > 0 &&
    typeof value.savedAt === 'number' &&
    Array.isArray(value.queries) &&
    value.queries.every(isSavedQuery);
  return ok ? (value as unknown as Saved) : null;
}

/** The user whose data is in the cache now: set by restore, checked before every save. */
let restoredFor: string | null = null;

/**
 * Puts `owner`'s kept queries into the cache, once per user; anything else kept is forgotten, and so
 * is what this tab holds of a user before (a session dropped, then another sign-in).
 */
export function restoreQueries(client: QueryClient, owner: string, now = Date.now()): void {
  if (restoredFor === owner) return;
  if (restoredFor !== null) client.clear();
  restoredFor = owner;
  const saved = asSaved(readSavedQueries());
  if (!saved || saved.owner !== owner || now - saved.savedAt > MAX_AGE_MS) {
    forgetSavedQueries();
    return;
  }
  for (const { key, data, updatedAt } of saved.queries) {
    if (!KEPT_HASHES.has(hashKey(key)) || client.getQueryData(key) !== undefined) continue;
    client.setQueryData(key, data, { updatedAt });
    // Shown at once, and always refetched when a page mounts it, however recent.
    void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

function save(client: QueryClient, owner: string): void {
  const queries = KEPT.flatMap((key) => {
    const state = client.getQueryState(key);
    return state?.status === 'success' ? [{ key, data: state.data, updatedAt: state.dataUpdatedAt }] : [];
  });
  writeSavedQueries({ version: VERSION, owner, savedAt: Date.now(), queries });
}

/**
 * Keeps `owner`'s kept queries whenever one of them gets new data; returns the unsubscribe. A fetch
 * that lands after the user changed (`isOwner` false) is not kept.
 */
export function keepQueries(client: QueryClient, owner: string, isOwner: () => boolean): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!KEPT_HASHES.has(event.query.queryHash) || restoredFor !== owner || !isOwner()) return;
    save(client, owner);
  });
}

/**
 * The session is gone without a sign-out (Amplify could not renew it): this tab forgets the user's
 * data; the browser's copy stays theirs (any sign-in removes it, a sign-in of theirs included).
 */
export function dropRestoredQueries(client: QueryClient): void {
  if (restoredFor === null) return;
  restoredFor = null;
  client.clear();
}

/** Sign-out and deletion: the next user starts from nothing. */
export function forgetQueries(client: QueryClient): void {
  restoredFor = null;
  forgetSavedQueries();
  client.clear();
}
