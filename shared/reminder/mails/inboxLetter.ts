import { mailKind } from './kind.ts';

/**
 * 'Your renewal inbox received a letter': to the account when the renewal inbox has read a letter
 * forwarded to it and filled in a renewal, once per letter (its item's id, derived from the
 * delivery, is in its dedupe key).
 */
export const inboxLetter = {
  ...mailKind({ type: 'inbox_letter', label: 'Inbox' }),
  dedupeKey: (itemId: string) => `inbox_letter#${itemId}`,
};
