/**
 * The reminder mails, one entry per type: its subject, where its button leads, its single mail and
 * its section of a digest. A new kind of reminder mail is its descriptor (shared/reminder/mails/:
 * its type, fields, dedupe key and labels), a schedule rule (shared/reminder/schedule.ts), an entry
 * here and a template; the planner, the queue and the senders carry any of them unchanged.
 */
import { offerLine } from '../../shared/reminder/priceMemory.ts';
import type { Profile, Reminder } from '../../shared/api.ts';
import { savingsPath } from '../../shared/pages.ts';
import type { ReminderMailType } from '../../shared/reminder/mail.ts';
import { formatPounds } from '../../shared/dates.ts';
import { amountWithPeriod } from '../../shared/reminder/money.ts';
import { reminderEventUrl } from '../runtime/eventLink.ts';
import { unsubscribeUrls } from '../runtime/signingKey.ts';
import { siteLink } from './compose.ts';
import { renderDigestMail, type DigestItem } from './digest.ts';
import { reminderLine, reminderSubject, renderReminderMail } from './reminder.ts';
import type { Personal } from './personal.ts';
import type { OutgoingMail } from './send.ts';
import { renderSavingsFollowUp, savingsSubject } from './savingsFollowUp.ts';
import { actionWindows, type ActionWindow, type WindowKind } from '../../shared/reminder/windows.ts';
import { renderWindowMail, windowSubject } from './window.ts';

/**
 * One reminder mail to compose: its type, the reminder as it is now, the days left on the owner's
 * date, and what the sender read for its recipient (the cheapest quote of the current renewal; for a
 * shared reminder, their membership and the household's first names).
 */
export interface ReminderMailInput extends Personal {
  type: ReminderMailType;
  reminder: Reminder;
  /** Days left to the act-by date or renewal (a window: the renewal; null for a follow-up). */
  daysLeft: number | null;
  /** Sent after its day: a window mail says so (a lead states its true days left instead). */
  late?: boolean;
  /** A window mail's kind and days before the renewal, which name its window. */
  window?: WindowKind;
  daysBefore?: number | null;
}

/** The window a window mail is about, as the reminder has it now (the sender checked it still does). */
function windowFor({ reminder, window, daysBefore }: ReminderMailInput): ActionWindow {
  const windows = actionWindows(reminder).filter((w) => w.kind === window);
  const found = windows.find((w) => w.daysBefore === daysBefore) ?? windows[0];
  if (!found) throw new Error(`Reminder ${reminder.id} has no ${String(window)} window`);
  return found;
}

type Rendered = { subject: string; html: string; text: string };

/**
 * A push line with the renewal offer's rise and the cheapest quote noted, short: 'Car insurance
 * renews in 7 days: Renewal offer £612.34/yr, up 23% on last year's £498.10/yr (cheapest quote:
 * Admiral at £412.00/yr)'.
 */
function withQuote(heading: string, { reminder, quote }: ReminderMailInput): string {
  const offer = offerLine(reminder);
  const line = offer ? `${heading}: ${offer}` : heading;
  if (!quote) return line;
  const price = reminder.billing
    ? amountWithPeriod(quote.price, reminder.billing)
    : formatPounds(quote.price);
  return `${line} (cheapest quote: ${quote.provider} at ${price})`;
}
interface MailEntry {
  subject(input: ReminderMailInput): string;
  link(input: ReminderMailInput): string;
  render(input: ReminderMailInput, firstName: string, links: Links): Promise<Rendered>;
  digestItem(input: ReminderMailInput, links: Links): DigestItem;
  /** Its line in the day's push (lambdas/features/push/daily.ts): the mail's own words, short. */
  pushLine(input: ReminderMailInput): string;
}
interface Links {
  unsubscribeUrl: string;
  calendarUrl: string;
}

export const REMINDER_MAILS: Record<ReminderMailType, MailEntry> = {
  reminder: {
    subject: ({ reminder, daysLeft }) => reminderSubject({ reminder, daysLeft: daysLeft ?? 0 }),
    // Each item opens its own reminder's page: its details, next e-mail and history.
    link: ({ reminder }) => siteLink(`/reminders/${reminder.id}`),
    render: (input, firstName, { unsubscribeUrl, calendarUrl }) =>
      renderReminderMail({
        firstName,
        reminder: input.reminder,
        daysLeft: input.daysLeft ?? 0,
        dashboardUrl: REMINDER_MAILS.reminder.link(input),
        calendarUrl,
        unsubscribeUrl,
        quote: input.quote,
        member: input.member,
      }),
    digestItem: (input, { calendarUrl }) => ({
      kind: 'reminder',
      reminder: input.reminder,
      daysLeft: input.daysLeft ?? 0,
      url: REMINDER_MAILS.reminder.link(input),
      calendarUrl,
      quote: input.quote,
      member: input.member,
    }),
    pushLine: (input) => withQuote(reminderLine(input.reminder, input.daysLeft ?? 0), input),
  },
  window: {
    subject: (input) =>
      windowSubject({ reminder: input.reminder, window: windowFor(input), late: input.late ?? false }),
    link: ({ reminder }) => siteLink(`/reminders/${reminder.id}`),
    render: (input, firstName, { unsubscribeUrl }) =>
      renderWindowMail({
        firstName,
        reminder: input.reminder,
        window: windowFor(input),
        late: input.late ?? false,
        url: REMINDER_MAILS.window.link(input),
        unsubscribeUrl,
        quote: input.quote,
        member: input.member,
      }),
    digestItem: (input) => ({
      kind: 'window',
      reminder: input.reminder,
      window: windowFor(input),
      late: input.late ?? false,
      url: REMINDER_MAILS.window.link(input),
      quote: input.quote,
      member: input.member,
    }),
    pushLine: (input) => withQuote(REMINDER_MAILS.window.subject(input), input),
  },
  savings: {
    subject: ({ reminder }) => savingsSubject(reminder.title),
    // The follow-up asks about the renewal it was mailed for, which its link names.
    link: ({ reminder }) => siteLink(savingsPath(reminder.id, reminder.renewal_date)),
    render: (input, firstName, { unsubscribeUrl }) =>
      renderSavingsFollowUp({
        firstName,
        reminder: input.reminder,
        savingsUrl: REMINDER_MAILS.savings.link(input),
        unsubscribeUrl,
        member: input.member,
      }),
    digestItem: (input) => ({
      kind: 'savings',
      reminder: input.reminder,
      url: REMINDER_MAILS.savings.link(input),
      member: input.member,
    }),
    pushLine: ({ reminder }) => savingsSubject(reminder.title),
  },
};

/** A mail's own subject: the one its single mail carries, and its send record shows in a digest. */
export const reminderMailSubject = (input: ReminderMailInput) => REMINDER_MAILS[input.type].subject(input);

/**
 * The digest's order, which the day's push and alert messages (./daySummary.ts) follow too: soonest
 * first, follow-ups (no days left) last, and a reminder's window before its lead of the same day (the
 * window is the news).
 */
export const soonestFirst = <T extends Pick<ReminderMailInput, 'daysLeft' | 'type'>>(items: readonly T[]) =>
  [...items].sort(
    (a, b) =>
      (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) ||
      Number(b.type === 'window') - Number(a.type === 'window'),
  );

/**
 * One SES mail for one or more of a recipient's reminder mails: a single mail, or a digest with the
 * soonest renewal first and follow-ups (renewals already past) after the reminders.
 */
export async function composeReminderMail(
  profile: Pick<Profile, 'user_id' | 'email' | 'first_name' | 'calendar_version'>,
  inputs: readonly ReminderMailInput[],
): Promise<OutgoingMail> {
  const urls = await unsubscribeUrls(profile.user_id);
  const withLinks = await Promise.all(
    soonestFirst(inputs).map(async (input) => ({
      input,
      links: {
        unsubscribeUrl: urls.page,
        calendarUrl: await reminderEventUrl(profile, input.reminder),
      },
    })),
  );
  const [only] = withLinks;
  const rendered =
    withLinks.length === 1 && only
      ? await REMINDER_MAILS[only.input.type].render(only.input, profile.first_name, only.links)
      : await renderDigestMail({
          firstName: profile.first_name,
          items: withLinks.map(({ input, links }) => REMINDER_MAILS[input.type].digestItem(input, links)),
          unsubscribeUrl: urls.page,
        });
  return {
    to: profile.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    oneClickUnsubscribeUrl: urls.oneClick,
    tags: { type: withLinks.length === 1 && only ? only.input.type : 'digest' },
  };
}
