/**
 * A product mail sent once on an event (the welcome after confirmation, the renewal inbox's letter
 * read): composed, claimed under its dedupe key and delivered; while sending is disabled, recorded
 * as not sent (and not claimed, so it is no one's once sending is back). A failure is logged and
 * answered, never thrown: the event it follows must not be undone by its mail.
 */
import { NOTICES } from '../../../shared/messages.ts';
import type { ComposedMail } from '../../mail/compose.ts';
import { env } from '../../runtime/env.ts';
import { logger } from '../../runtime/logger.ts';
import { recordUnclaimedSend } from '../../store/sends.ts';
import { deliverOnce } from './deliver.ts';

/** The mail's fate: 'sent', 'failed', 'skipped' (already sent: a retried event) or 'disabled'. */
export async function sendOnEvent(
  what: string,
  compose: () => Promise<ComposedMail>,
  now: () => Date = () => new Date(),
): Promise<string> {
  try {
    const { identity, mail } = await compose();
    if (env().EMAIL_PROVIDER === 'disabled') {
      await recordUnclaimedSend(
        identity,
        { status: 'failed', simulated: false, error_message: NOTICES.emailDisabled },
        now(),
      );
      return 'disabled';
    }
    const outcome = await deliverOnce(identity, mail, { now });
    if (outcome.status === 'failed') logger.error(`${what} failed`, { error: outcome.error });
    return outcome.status;
  } catch (error) {
    logger.error(`${what} failed`, { error: error as Error });
    return 'failed';
  }
}
