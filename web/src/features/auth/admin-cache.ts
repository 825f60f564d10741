/**
 * The public pages' admin answer, remembered for five minutes per user (./admin-hint.ts). On its own
 * so the session can forget it at every sign-in and sign-out without depending on the admin check.
 */
const ADMIN_CACHE_MS = 5 * 60_000;

let cached: { user: string; isAdmin: boolean; at: number } | null = null;

export function clearAdminHint(): void {
  cached = null;
}

/** The remembered answer for `user`, or null when there is none or it is older than five minutes. */
export function cachedAdmin(user: string | null): boolean | null {
  if (!user || !cached || cached.user !== user) return null;
  if (Date.now() - cached.at > ADMIN_CACHE_MS) return null;
  return cached.isAdmin;
}

export function rememberAdmin(user: string, isAdmin: boolean): void {
  cached = { user, isAdmin, at: Date.now() };
}
