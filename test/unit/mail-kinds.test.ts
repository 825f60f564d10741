/**
 * Each kind of e-mail is one descriptor (shared/reminder/mails/): the closed lists, the queue's check
 * of a Mail, its dedupe key, the queue's Mail of a scheduled mail, the admin label and the reminder
 * page's words for the next mail all come from the list, so a kind added there is known everywhere.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_TYPES, REMINDER_MAIL_TYPES } from '../../shared/api.ts';
import { dedupeKeyOf, mailOf, type Mail } from '../../shared/reminder/mail.ts';
import { mailSchema } from '../../shared/reminder/mail-schema.ts';
import { reminderMailKeys } from '../../shared/reminder/mailKeys.ts';
import {
  MAIL_KINDS,
  REMINDER_MAIL_KINDS,
  mailLabel,
  reminderMailKindOf,
} from '../../shared/reminder/mails/index.ts';
import { reminderSchedule } from '../../shared/reminder/schedule.ts';

const identity = {
  userId: '4c1d2e3f-0000-4000-8000-000000000002',
  reminderId: '7a8b9c0d-0000-4000-8000-000000000003',
  renewalDate: '2030-06-19',
};
/** One mail of each kind a reminder schedules. */
const EXAMPLES: Mail[] = [
  { type: 'reminder', ...identity, daysBefore: 7, actBy: '2030-06-01' },
  { type: 'window', ...identity, window: 'best_quotes', daysBefore: 27, actBy: null },
  { type: 'savings', ...identity, daysBefore: null, actBy: null },
];

describe('the kinds of e-mail', () => {
  it('are the descriptors’ types, each once, the reminder’s own first', () => {
    expect(EMAIL_TYPES).toEqual(MAIL_KINDS.map((kind) => kind.type));
    expect(new Set(EMAIL_TYPES).size).toBe(EMAIL_TYPES.length);
    expect(REMINDER_MAIL_TYPES).toEqual(['reminder', 'window', 'savings']);
    expect(EMAIL_TYPES.slice(0, REMINDER_MAIL_TYPES.length)).toEqual(REMINDER_MAIL_TYPES);
  });

  it('each has the admin screens’ label, and an unknown type shows as itself', () => {
    expect(EMAIL_TYPES.map(mailLabel)).toEqual([
      'Reminder',
      'Best day',
      'Savings',
      'Welcome',
      'Test',
      'Invitation',
      'Household',
      'Inbox',
    ]);
    expect(mailLabel('digest')).toBe('digest');
  });
});

describe('a reminder mail, from its kind', () => {
  it('is checked by the queue with exactly its kind’s fields', () => {
    for (const mail of EXAMPLES) expect(mailSchema.parse(mail)).toEqual(mail);
    // A field of another kind, a missing one, a value out of range, an unknown type: refused.
    expect(mailSchema.safeParse({ ...EXAMPLES[2], window: 'best_quotes' }).success).toBe(false);
    expect(mailSchema.safeParse({ ...EXAMPLES[0], actBy: undefined }).success).toBe(false);
    expect(mailSchema.safeParse({ ...EXAMPLES[0], daysBefore: 366 }).success).toBe(false);
    expect(mailSchema.safeParse({ ...EXAMPLES[1], daysBefore: 0 }).success).toBe(false);
    expect(mailSchema.safeParse({ ...EXAMPLES[1], window: 'nap' }).success).toBe(false);
    expect(mailSchema.safeParse({ ...EXAMPLES[0], renewalDate: '2030-02-30' }).success).toBe(false);
    expect(mailSchema.safeParse({ ...EXAMPLES[2], type: 'welcome' }).success).toBe(false);
  });

  it('keeps the dedupe keys the send records already hold', () => {
    expect(EXAMPLES.map(dedupeKeyOf)).toEqual([
      reminderMailKeys.reminder(identity.reminderId, identity.renewalDate, 7, '2030-06-01'),
      reminderMailKeys.window(identity.reminderId, identity.renewalDate, 'best_quotes', 27),
      reminderMailKeys.savings(identity.reminderId, identity.renewalDate),
    ]);
  });

  it('is what the queue carries of a scheduled mail: its kind’s fields, not the date or the key', () => {
    const scheduled = reminderSchedule({
      id: identity.reminderId,
      user_id: identity.userId,
      category: 'mortgage',
      renewal_date: '2030-06-19',
    });
    expect(new Set(scheduled.map((mail) => mail.type))).toEqual(new Set(REMINDER_MAIL_TYPES));
    for (const mail of scheduled) {
      const queued = { ...mail, late: true };
      const carried = mailOf(queued);
      expect(mailSchema.parse(carried)).toEqual(carried);
      expect(carried).not.toHaveProperty('date');
      expect(dedupeKeyOf(carried)).toBe(mail.dedupeKey);
    }
  });

  it('counts down, or not, and says on the reminder page when it goes', () => {
    expect(REMINDER_MAIL_KINDS.map((kind) => kind.countsDown)).toEqual([true, true, false]);
    const say = (type: Mail['type'], days: number | null) =>
      reminderMailKindOf(type).nextMailText({ days_before: days }, 'the renewal date');
    expect(say('reminder', 0)).toBe('on the renewal date');
    expect(say('reminder', 1)).toBe('1 day before the renewal date');
    expect(say('reminder', 30)).toBe('30 days before the renewal date');
    expect(say('window', 27)).toBe('27 days before the renewal date: the best day to act');
    expect(say('savings', null)).toBe('the day after the renewal: How did you do?');
  });
});
