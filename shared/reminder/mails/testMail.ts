import { mailKind } from './kind.ts';

/** A test mail an admin sends from the admin screens. */
export const test = mailKind({ type: 'test', label: 'Test' });
