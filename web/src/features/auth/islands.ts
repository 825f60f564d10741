/**
 * What the landing page's own scripts (features/public/islands) may use of auth: no React, and
 * Amplify only when this browser holds a session and the admin check is asked for.
 */
export { storedAuthUser } from './stored-user.ts';

/** Whether the stored session's user is an admin, asked of the API (loads the auth chunk). */
export const fetchIsAdmin = (): Promise<boolean> => import('./admin-status.ts').then((m) => m.fetchIsAdmin());
