import { mailKind } from './kind.ts';

/** A test mail an admin sends from the admin screens: each one its own (a random part in its key). */
export const test = {
  ...mailKind({ type: 'test', label: 'Test' }),
  dedupeKey: (random: string) => `test#${random}`,
};
