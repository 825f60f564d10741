import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { UK_ZONE } from '../../shared/dates.ts';
import { NOTICES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { deliverOnce } from '../engine/deliver.ts';
import { env } from '../runtime/env.ts';
import { HttpError, route } from '../runtime/http.ts';
import { unsubscribeUrls } from '../runtime/unsubscribe.ts';
import { renderReminderMail } from '../mail/reminder.tsx';
import { audit } from '../store/audit.ts';
import { getProfile } from '../store/profiles.ts';

/** 'Send test reminder email to me': a real reminder mail, to the admin's own address only. */
export const handler = route(API.adminTestEmail, async ({ caller }) => {
  const profile = await getProfile(caller.userId);
  const to = profile?.email ?? caller.email;
  if (!to) throw new HttpError(400, NOTICES.noUserEmail);
  if (env().EMAIL_PROVIDER === 'disabled') throw new HttpError(409, NOTICES.emailDisabled);
  await audit(caller, 'test_email', `to own address`);
  const renewal = DateTime.now().setZone(UK_ZONE).plus({ days: 14 }).toISODate()!;
  const urls = await unsubscribeUrls(caller.userId);
  const rendered = await renderReminderMail({
    firstName: profile?.first_name ?? '',
    reminder: {
      title: 'Test: Home Insurance',
      provider: 'Aviva',
      category: 'insurance',
      renewal_date: renewal,
      amount: 412.35,
    },
    daysLeft: 14,
    dashboardUrl: new URL('/dashboard', env().SITE_URL).toString(),
    unsubscribeUrl: urls.page,
  });
  const outcome = await deliverOnce(
    {
      dedupeKey: `test#${randomUUID()}`,
      emailType: 'test',
      userId: caller.userId,
      reminderId: null,
      daysBefore: 14,
      toEmail: to,
      subject: `[Test] ${rendered.subject}`,
    },
    {
      to,
      subject: `[Test] ${rendered.subject}`,
      html: rendered.html,
      text: rendered.text,
      oneClickUnsubscribeUrl: urls.oneClick,
      tags: { type: 'test' },
    },
    { now: () => new Date() },
  );
  if (outcome.status !== 'sent') {
    throw new HttpError(502, outcome.status === 'failed' ? outcome.error : outcome.reason);
  }
  return { messageId: outcome.messageId, to };
});
