import { mailKind } from './kind.ts';

/** The welcome mail after the sign-up is confirmed, once per user. */
export const welcome = mailKind({ type: 'welcome', label: 'Welcome' });
