/**
 * Why a reminder mail came, as its footer says: the recipient added the renewal, or (a shared
 * reminder) their household shares it, which a member who did not add it must not read as their doing.
 */
import type { Reminder } from '../../shared/api.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';

type Shared = Partial<Pick<Reminder, 'shared'>>;

/** The footer of the mails about one of the user's own renewals. */
export const RENEWAL_FOOTER = `You get this because you added this renewal to ${PRODUCT_NAME}.`;
/** The footer of a digest of the user's own renewals. */
export const DIGEST_FOOTER = `You get this because you added these renewals to ${PRODUCT_NAME}.`;

/** The footer of a mail about one renewal. */
export const renewalFooter = (reminder: Shared): string =>
  reminder.shared
    ? `You get this because your household shares this renewal on ${PRODUCT_NAME}.`
    : RENEWAL_FOOTER;

/** The footer of a digest: the user's own renewals, their household's, or both. */
export function digestFooter(reminders: readonly Shared[]): string {
  const shared = reminders.filter((r) => r.shared).length;
  if (shared === 0) return DIGEST_FOOTER;
  if (shared === reminders.length)
    return `You get this because your household shares these renewals on ${PRODUCT_NAME}.`;
  return `You get this because you added these renewals to ${PRODUCT_NAME} or your household shares them.`;
}
