import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { TestEmailResult } from '../../../shared/admin.ts';
import { UK_ZONE } from '../../../shared/dates.ts';
import { NOTICES } from '../../../shared/messages.ts';
import { test } from '../../../shared/reminder/mails/testMail.ts';
import { deliverOnce } from '../engine/deliver.ts';
import { composeMail, siteLink } from '../../mail/compose.ts';
import { renderReminderMail } from '../../mail/reminder.ts';
import { env } from '../../runtime/env.ts';
import { HttpError, type Caller } from '../../runtime/http.ts';
import { audit } from '../../store/admin/index.ts';
import { getProfile } from '../../store/account/index.ts';

/** The test mail renews this many days from today. */
const TEST_DAYS_LEFT = 14;

/** 'Send test reminder email to me': a real reminder mail, to the admin's own address only. */
export async function sendTestEmail(caller: Caller): Promise<TestEmailResult> {
  const profile = await getProfile(caller.userId);
  const to = profile?.email;
  if (!to) throw new HttpError(400, NOTICES.noUserEmail);
  if (env().EMAIL_PROVIDER === 'disabled') throw new HttpError(409, NOTICES.emailDisabled);
  await audit(caller, 'test_email', `to own address`);
  const renewal = DateTime.now().setZone(UK_ZONE).plus({ days: TEST_DAYS_LEFT }).toISODate()!;
  const { identity, mail } = await composeMail(
    { userId: caller.userId, email: to },
    {
      type: test.type,
      dedupeKey: test.dedupeKey(randomUUID()),
      reminderId: null,
      daysBefore: TEST_DAYS_LEFT,
      subjectPrefix: '[Test] ',
    },
    ({ unsubscribeUrl }) =>
      renderReminderMail({
        firstName: profile?.first_name ?? '',
        reminder: {
          title: 'Home Insurance',
          provider: 'Aviva',
          category: 'insurance',
          renewal_date: renewal,
          amount: 412.35,
        },
        daysLeft: TEST_DAYS_LEFT,
        dashboardUrl: siteLink('/dashboard'),
        // The test reminder is not stored: its calendar link goes to the feed's settings instead.
        calendarUrl: siteLink('/settings'),
        unsubscribeUrl,
      }),
  );
  const outcome = await deliverOnce(identity, mail, { now: () => new Date() });
  if (outcome.status !== 'sent') {
    throw new HttpError(502, outcome.status === 'failed' ? outcome.error : outcome.reason);
  }
  return { messageId: outcome.messageId, to };
}
