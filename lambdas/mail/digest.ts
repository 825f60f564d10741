/**
 * The digest: one mail for a user's several due mails, each renewal a section of what its own mail
 * would have said, filled into the template compiled at build time (templates/digest.tsx is the React
 * Email source, plans/digest.ts its plans).
 */
import type { Reminder } from '../../shared/api.ts';
import { prebuiltTemplate } from './fill.ts';
import { digestFooter } from './footer.ts';
import { greetingName } from './greeting.ts';
import type { Personal } from './personal.ts';
import plans from './plans/digest.ts';
import { reminderText, type MailedReminder, type ReminderText } from './reminder.ts';
import { savingsText, type SavingsFollowUpProps, type SavingsText } from './savingsFollowUp.ts';
import type { ActionWindow } from '../../shared/reminder/windows.ts';
import { windowSubject, windowText, type WindowedReminder, type WindowText } from './window.ts';

/**
 * One renewal in a digest: what its single reminder or follow-up mail would have said, to the same
 * recipient (their cheapest quote, who they are in a shared reminder's household).
 */
export type DigestItem =
  | ({
      kind: 'reminder';
      reminder: MailedReminder & Pick<Reminder, 'id'>;
      daysLeft: number;
      url: string;
      calendarUrl: string;
    } & Personal)
  | ({
      kind: 'savings';
      reminder: SavingsFollowUpProps['reminder'] & Pick<Reminder, 'id'>;
      url: string;
    } & Pick<Personal, 'member'>)
  | ({
      kind: 'window';
      reminder: WindowedReminder & Pick<Reminder, 'id'>;
      window: ActionWindow;
      late: boolean;
      url: string;
    } & Personal);

export interface DigestMailProps {
  firstName: string;
  items: readonly DigestItem[];
  unsubscribeUrl: string;
}

/**
 * A digest covers two or more mails: of two or more renewals, or one renewal's lead and window of the
 * same day, whose subject is the window's action (the news of the day).
 */
export function digestSubject(items: readonly DigestItem[]): string {
  const [first] = items;
  if (!first || items.length < 2) throw new RangeError('A digest covers two or more mails');
  const renewals = new Set(items.map((item) => item.reminder.id)).size;
  const window = items.find((item) => item.kind === 'window');
  if (renewals === 1 && window) return windowSubject(window);
  return `${renewals} renewals to review: ${first.reminder.title} and ${renewals - 1} more`;
}

export type DigestSection =
  | { kind: 'reminder'; fields: ReminderText }
  | { kind: 'savings'; fields: SavingsText }
  | { kind: 'window'; fields: WindowText };

export type DigestView = {
  preview: string;
  fields: { firstName: string; unsubscribeUrl: string; footer: string };
  items: readonly DigestSection[];
};

export function digestSection(item: DigestItem): DigestSection {
  if (item.kind === 'reminder')
    return {
      kind: 'reminder',
      fields: reminderText(item.reminder, item.daysLeft, item.url, item.calendarUrl, item),
    };
  if (item.kind === 'window')
    return { kind: 'window', fields: windowText(item.reminder, item.window, item.late, item.url, item) };
  return { kind: 'savings', fields: savingsText(item.reminder, item.url, item.member) };
}

export function digestView({ firstName, items, unsubscribeUrl }: DigestMailProps): DigestView {
  return {
    preview: digestSubject(items),
    fields: {
      firstName: greetingName(firstName),
      unsubscribeUrl,
      footer: digestFooter(items.map((item) => item.reminder)),
    },
    items: items.map(digestSection),
  };
}

const template = prebuiltTemplate<DigestView>(plans);

/** One mail for a user's several due mails: the frame and each item's section filled from compiled parts. */
export async function renderDigestMail(props: DigestMailProps) {
  const view = digestView(props);
  return { subject: view.preview, ...(await template.render(view)) };
}
