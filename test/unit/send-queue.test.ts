/**
 * The send queue's messages are input like any other: a sender validates each one and sends
 * nothing for a message it cannot read, handing it back so that SQS moves it to the dead-letter
 * queue (and its alarm) after repeated receives.
 */
import type { SQSEvent } from 'aws-lambda';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAILS_PER_MESSAGE,
  recipientMessageSchema,
  recipientMessages,
} from '../../lambdas/features/engine/queue.ts';
import { processSendBatch } from '../../lambdas/features/engine/sender.ts';
import { Pacer } from '../../lambdas/features/engine/pacer.ts';
import type { Addressed } from '../../lambdas/features/engine/due.ts';
import type { Profile } from '../../shared/api.ts';
import type { IndexedReminder } from '../../lambdas/store/reminders/index.ts';

beforeAll(() => {
  // Just enough environment for the sender's metrics line (off, as on the local stack).
  vi.stubEnv('TABLE_NAME', 'unit');
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
});

const run = { id: '9b2f0c1e-0000-4000-8000-000000000001', ranAt: '2030-06-12T08:00:00.000Z' };
const userId = '4c1d2e3f-0000-4000-8000-000000000002';
const reminderMail = {
  type: 'reminder',
  userId,
  reminderId: '7a8b9c0d-0000-4000-8000-000000000003',
  renewalDate: '2030-06-19',
  daysBefore: 7,
  actBy: null,
} as const;
const lead = { mail: reminderMail, daysLeft: 7, late: false };
const valid = { v: 2, run, userId, mails: [lead] };
const withMail = (fields: Record<string, unknown>) => ({ ...lead, mail: { ...reminderMail, ...fields } });

describe('a send message', () => {
  it('is accepted only in its exact shape', () => {
    expect(recipientMessageSchema.safeParse(valid).success).toBe(true);
    const followUp = { ...withMail({ type: 'savings', daysBefore: null }), daysLeft: null };
    expect(recipientMessageSchema.safeParse({ ...valid, mails: [followUp] }).success).toBe(true);
    for (const hostile of [
      { ...valid, extra: 1 },
      { ...valid, v: 1 },
      { ...valid, userId: '../USER#other' },
      { ...valid, userId: 'a'.repeat(65) },
      { ...valid, mails: [] },
      { ...valid, mails: Array.from({ length: MAILS_PER_MESSAGE + 1 }, () => lead) },
      { ...valid, mails: [{ ...lead, dedupeKey: 'reminder#someone-else' }] },
      { ...valid, mails: [withMail({ dedupeKey: 'reminder#someone-else' })] },
      // Another user's mail in this recipient's message.
      { ...valid, mails: [withMail({ userId: '5d2e3f40-0000-4000-8000-000000000009' })] },
      { ...valid, mails: [withMail({ renewalDate: '2030-02-30' })] },
      { ...valid, mails: [withMail({ daysBefore: null })] },
      { ...valid, mails: [withMail({ type: 'savings' })] },
      { ...valid, mails: [{ ...withMail({ type: 'savings', daysBefore: null }), daysLeft: 7 }] },
      { ...valid, mails: [withMail({ daysBefore: 366 })] },
      { ...valid, mails: [withMail({ actBy: 'soon' })] },
      { ...valid, run: { ...run, ranAt: 'yesterday' } },
    ]) {
      expect(recipientMessageSchema.safeParse(hostile).success, JSON.stringify(hostile).slice(0, 80)).toBe(
        false,
      );
    }
  });

  it('groups a run’s mails by recipient, at most MAILS_PER_MESSAGE in each', () => {
    const profile = { user_id: userId } as Profile;
    const due = (i: number): Addressed => {
      const reminderId = `${i}`.padStart(8, '0');
      return {
        profile,
        mail: {
          ...reminderMail,
          reminderId,
          date: '2030-06-12',
          dedupeKey: `k${i}`,
          reminder: { id: reminderId, renewal_date: '2030-06-19' } as IndexedReminder,
          daysLeft: 7,
          late: false,
        },
      };
    };
    const messages = recipientMessages(
      Array.from({ length: MAILS_PER_MESSAGE + 3 }, (_, i) => due(i)),
      run,
    );
    expect(messages.map((m) => m.mails.length)).toEqual([MAILS_PER_MESSAGE, 3]);
    for (const message of messages) expect(recipientMessageSchema.safeParse(message).success).toBe(true);
  });

  it('holds a mail the run found twice (a reminder the index listed twice) once', () => {
    const profile = { user_id: userId } as Profile;
    const due = (dedupeKey: string, householdId?: string): Addressed => ({
      profile,
      mail: {
        ...reminderMail,
        date: '2030-06-12',
        dedupeKey,
        reminder: { id: reminderMail.reminderId, renewal_date: '2030-06-19' } as IndexedReminder,
        daysLeft: 7,
        late: false,
      },
      ...(householdId ? { householdId } : {}),
    });
    // The sharer's own entry, not yet gone from the index, and the household's entry of the same reminder.
    const [message, ...more] = recipientMessages(
      [due('reminder#r#7'), due('reminder#r#7', '1d2e3f40-0000-4000-8000-000000000004'), due('window#r')],
      run,
    );
    expect(more).toEqual([]);
    expect(message!.mails).toHaveLength(2);
  });

  it('that a sender cannot read is handed back, and nothing is read or sent for it', async () => {
    const ddb = mockClient(DynamoDBDocumentClient);
    const ses = mockClient(SESv2Client);
    const record = (messageId: string, body: string) => ({ messageId, body }) as SQSEvent['Records'][number];
    const result = await processSendBatch(
      {
        Records: [
          record('not-json', '{'),
          record('wrong-shape', JSON.stringify({ ...valid, mails: [withMail({ type: 'welcome' })] })),
        ],
      },
      { now: () => new Date(), pacer: new Pacer(10) },
    );
    // Not one call to the table or to SES (a read that failed would also hand the message back).
    expect(ddb.calls()).toHaveLength(0);
    expect(ses.calls()).toHaveLength(0);
    expect(result.batchItemFailures).toEqual([
      { itemIdentifier: 'not-json' },
      { itemIdentifier: 'wrong-shape' },
    ]);
    expect(result.notes).toEqual([]);
  });
});
