/**
 * The digest: one mail for a user's several due mails, each renewal a section of what its own mail
 * would have said, filled into the template compiled at build time (templates/digest.tsx is the React
 * Email source, plans/digest.ts its plans).
 */
import type { Reminder } from '../../shared/api.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import plans from './plans/digest.ts';
import { reminderText, type MailedReminder, type ReminderText } from './reminder.ts';
import { savingsText, type SavingsText } from './savingsFollowUp.ts';
import type { ActionWindow } from '../../shared/reminder/windows.ts';
import { windowSubject, windowText, type WindowedReminder, type WindowText } from './window.ts';

/** One renewal in a digest: what its single reminder or follow-up mail would have said. */
export type DigestItem =
  | {
      kind: 'reminder';
      reminder: MailedReminder & Pick<Reminder, 'id'>;
      daysLeft: number;
      url: string;
      calendarUrl: string;
    }
  | { kind: 'savings'; reminder: Pick<Reminder, 'id' | 'title' | 'provider' | 'renewal_date'>; url: string }
  | {
      kind: 'window';
      reminder: WindowedReminder & Pick<Reminder, 'id'>;
      window: ActionWindow;
      late: boolean;
      url: string;
    };

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
  fields: { firstName: string; unsubscribeUrl: string };
  items: readonly DigestSection[];
};

export function digestSection(item: DigestItem): DigestSection {
  if (item.kind === 'reminder')
    return {
      kind: 'reminder',
      fields: reminderText(item.reminder, item.daysLeft, item.url, item.calendarUrl),
    };
  if (item.kind === 'window')
    return { kind: 'window', fields: windowText(item.reminder, item.window, item.late, item.url) };
  return { kind: 'savings', fields: savingsText(item.reminder, item.url) };
}

export function digestView({ firstName, items, unsubscribeUrl }: DigestMailProps): DigestView {
  return {
    preview: digestSubject(items),
    fields: { firstName: greetingName(firstName), unsubscribeUrl },
    items: items.map(digestSection),
  };
}

const template = prebuiltTemplate<DigestView>(plans);

/** One mail for a user's several due mails: the frame and each item's section filled from compiled parts. */
export async function renderDigestMail(props: DigestMailProps) {
  const view = digestView(props);
  return { subject: view.preview, ...(await template.render(view)) };
}
