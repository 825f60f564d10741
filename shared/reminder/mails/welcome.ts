import { mailKind } from './kind.ts';

/** The welcome mail after the sign-up is confirmed, once per user (its dedupe key names the user). */
export const welcome = {
  ...mailKind({ type: 'welcome', label: 'Welcome' }),
  dedupeKey: (userId: string) => `welcome#${userId}`,
};
