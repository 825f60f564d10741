/**
 * Account deletion on the local stand-ins: nothing in the whole table names the user afterwards; the
 * deleted account's still-valid token writes nothing; no write from the API or the engine lands in
 * the partition once the profile is gone, racing or not; the user is signed out everywhere.
 * (Unsubscribing: unsubscribe.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { scanTable } from '../support/table.ts';
import { runJob } from '../support/job.ts';
import { SIMULATION_WRITES } from '../../lambdas/features/engine/simulate.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { handler as sesEvents } from '../../lambdas/handlers/events/sesEvents.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { signOutEverywhere } from '../../lambdas/runtime/identity.ts';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { ANONYMISED_EMAIL, ANONYMISED_USER } from '../../lambdas/store/wholeAccount/index.ts';
import { audit } from '../../lambdas/store/admin/index.ts';
import { writeEmailLog } from '../../lambdas/store/sending/index.ts';
import { AccountGoneError } from '../../lambdas/store/liveAccount.ts';
import { createReminder } from '../../lambdas/features/reminders/create.ts';
import { recordOutcome } from '../../lambdas/features/reminders/outcomes.ts';
import { ACCOUNT_DELETED, claimSend, recordUnclaimedSend } from '../../lambdas/store/sends.ts';
import { recordSimulatedMails } from '../../lambdas/store/admin/index.ts';
import { isSuppressed } from '../../lambdas/store/sending/index.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { keys } from '../../shared/table.ts';
import { savingsInputSchema } from '../../shared/savingsSchemas.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser, mailsTo } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 200 });

const reminderBody = (title: string, renewalDate = '2031-05-01') => ({
  title,
  category: 'insurance' as const,
  provider: `Provider ${title}`,
  renewal_date: renewalDate,
  amount: 120,
  notes: `Notes of ${title}`,
});

async function partition(userId: string) {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.user(userId) },
      ConsistentRead: true,
    }),
  );
  return result.Items ?? [];
}

const tokenQuery = async (userId: string) => `?token=${encodeURIComponent(await unsubscribeToken(userId))}`;

describe('account deletion', () => {
  it('leaves nothing in the whole table that names the user, their address or their reminders', async () => {
    // An admin, so their admin actions write audit entries naming them.
    const user = await createUser(stack, { admin: true, label: 'erase' });
    const call = api(stack, user.accessToken);
    const today = addDays('2044-01-01', Math.floor(Math.random() * 3000));
    const titles = [`Erase-due-${randomUUID()}`, `Erase-renewed-${randomUUID()}`];
    const due = await addReminder(stack, user, reminderBody(titles[0]!, addDays(today, 7)));
    const renewed = await addReminder(stack, user, reminderBody(titles[1]!, addDays(today, -1)));
    expect(
      (await call('POST', `/api/reminders/${renewed}/savings`, { outcome: 'saved', saved_amount: '42.10' }))
        .status,
    ).toBe(201);

    // Mails really sent by the reminder job for its date (a reminder and a follow-up), a simulation,
    // a test mail and a system test (audit entries), an unsubscribe, a bounce.
    // The simulation first: after the real run the index has moved on, and it would find nothing.
    expect((await call('POST', '/api/admin/run-cron', { simulate: true, date: today })).status).toBe(200);
    const run = await runJob(stack, { date: today, trigger: 'cli' });
    // The lead, the best day for quotes (late: no run on its day) and the follow-up.
    expect(run.mails.filter((m) => m.userId === user.sub).map((m) => m.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    expect(run.errors).toEqual([]);
    // All in one digest, of two renewals.
    const sent = await mailsTo(stack, user.email);
    const digest = sent.find((m) => m.subject.startsWith('2 renewals to review'));
    expect(digest?.body.text).toContain(titles[0]!);
    expect(digest?.body.text).toContain(titles[1]!);
    expect((await call('POST', '/api/admin/test-email')).status).toBe(200);
    expect((await call('POST', '/api/admin/system-test', {})).status).toBe(200);
    expect((await api(stack)('POST', `/api/unsubscribe${await tokenQuery(user.sub)}`)).status).toBe(200);
    await sesEvents({
      'detail-type': 'Email Bounced',
      detail: {
        eventType: 'Bounce',
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: user.email }] },
      },
    });
    expect(await isSuppressed(user.email)).toBe(true);

    const before = JSON.stringify(await scanTable());
    expect(before).toContain(user.sub);
    expect(before).toContain(titles[0]);

    expect((await call('DELETE', '/api/me')).status).toBe(204);

    const items = await scanTable();
    const needles = [user.sub, user.email.toLowerCase(), ...titles, ...titles.map((t) => `Provider ${t}`)];
    const naming = items.filter((item) => {
      const text = JSON.stringify(item).toLowerCase();
      return needles.some((needle) => text.includes(needle.toLowerCase()));
    });
    expect(naming).toEqual([]);
    // No item was keyed by the reminders either (partition, pointers, due index).
    expect(items.filter((item) => [due, renewed].some((id) => String(item.pk).includes(id)))).toEqual([]);

    // What is kept, by name: the anonymised send records (the mail type as subject), the e-mail log
    // and audit entries with the user replaced, and the suppression entry as a keyed hash.
    const anonymisedSends = items.filter(
      (i) => i.pk === keys.anonymisedSends() && i.to_email === ANONYMISED_EMAIL,
    );
    const kept = anonymisedSends.filter((i) => [due, renewed].includes(String(i.reminder_id)));
    expect(new Set(kept.map((i) => i.subject))).toEqual(new Set(['reminder', 'window', 'savings']));
    expect(kept.every((i) => i.user_id === ANONYMISED_USER && i.claim_token === null)).toBe(true);
    expect(
      items.filter((i) => i.pk === keys.emailLogs() && [due, renewed].includes(String(i.reminder_id))),
    ).not.toEqual([]);
    const logs = items.filter(
      (i) => i.pk === keys.emailLogs() && [due, renewed].includes(String(i.reminder_id)),
    );
    expect(logs.every((i) => i.user_id === ANONYMISED_USER)).toBe(true);
    expect(logs.some((i) => i.simulated === true)).toBe(true);
    const audits = items.filter((i) => i.pk === keys.auditLog() && i.actor_id === ANONYMISED_USER);
    expect(audits.map((i) => i.action)).toEqual(
      expect.arrayContaining(['simulate_cron', 'test_email', 'system_test']),
    );
    expect(audits.every((i) => i.actor_email === null)).toBe(true);
    // A bounced address is still never mailed, though nothing stored holds it.
    expect(await isSuppressed(user.email)).toBe(true);
  });

  it("refuses every write of the deleted account's still-valid access token (410) and stores nothing", async () => {
    const user = await createUser(stack, { label: 'gone' });
    const call = api(stack, user.accessToken);
    const id = await addReminder(stack, user, reminderBody('Kept id'));
    expect((await call('DELETE', '/api/me')).status).toBe(204);

    const attempts = [
      await call('POST', '/api/reminders', reminderBody('After deletion')),
      await call('PUT', `/api/reminders/${id}`, reminderBody('After deletion')),
      await call('DELETE', `/api/reminders/${id}`),
      await call('POST', `/api/reminders/${id}/savings`, { outcome: 'saved', saved_amount: '5' }),
      await call('PUT', '/api/me', {
        first_name: 'Back',
        last_name: '',
        country: 'GB',
        timezone: 'Europe/London',
        marketing_consent: false,
      }),
      await call('GET', '/api/me'),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(410);
      expect(attempt.json?.message).toBe(API_MESSAGES.accountGone);
    }
    expect((await call('GET', '/api/reminders')).json).toEqual({ reminders: [] });
    expect(await partition(user.sub)).toEqual([]);
  });

  it('lets no write land in the partition once the profile is gone, from the API or the engine', async () => {
    const user = await createUser(stack, { label: 'race' });
    const reminder = await createReminder(user.sub, reminderBody('Raced'));
    // Deletion's first step: the profile goes, the rest of the partition is still there.
    await dynamo().send(
      new DeleteCommand({ TableName: stack.tableName, Key: { pk: keys.user(user.sub), sk: keys.profile() } }),
    );
    const before = await partition(user.sub);

    await expect(createReminder(user.sub, reminderBody('Orphan'))).rejects.toThrow(AccountGoneError);
    await expect(
      recordOutcome(user.sub, reminder.id, savingsInputSchema.parse({ outcome: 'saved', saved_amount: '5' })),
    ).rejects.toThrow(AccountGoneError);
    const identity = {
      emailType: 'reminder' as const,
      userId: user.sub,
      reminderId: reminder.id,
      daysBefore: 7,
      toEmail: user.email,
      subject: 'Orphan',
    };
    expect(await claimSend({ ...identity, dedupeKey: `orphan#${randomUUID()}` }, new Date())).toEqual({
      claimed: false,
      status: ACCOUNT_DELETED,
    });
    await recordUnclaimedSend(identity, { status: 'pending', simulated: true }, new Date());
    const sentAt = new Date().toISOString();
    await writeEmailLog({
      user_id: user.sub,
      reminder_id: reminder.id,
      email_type: 'reminder',
      days_before: 7,
      simulated: true,
      sent_at: sentAt,
    });
    const detail = `race-${randomUUID()}`;
    await audit({ userId: user.sub, username: user.sub, isAdmin: true }, 'test_email', detail);

    expect(await partition(user.sub)).toEqual(before);
    // The logs were still written (the mail went, the action happened), without the user.
    const items = await scanTable();
    const log = items.filter((i) => i.pk === keys.emailLogs() && i.sent_at === sentAt);
    expect(log.map((i) => i.user_id)).toEqual([ANONYMISED_USER]);
    const entry = items.filter((i) => i.pk === keys.auditLog() && i.detail === detail);
    expect(entry.map((i) => [i.actor_id, i.actor_email])).toEqual([[ANONYMISED_USER, null]]);
  });

  it("a simulation's bulk rows: the same items as one at a time, and none left for an owner deleted meanwhile", async () => {
    const [kept, gone] = [
      await createUser(stack, { label: 'simkept' }),
      await createUser(stack, { label: 'simgone' }),
    ];
    const identity = (userId: string, email: string) => ({
      emailType: 'reminder' as const,
      userId,
      reminderId: randomUUID(),
      daysBefore: 7,
      toEmail: email,
      subject: 'Bulk',
    });
    // One at a time (writeWhileAccountExists), then in bulk, for the owner who stays.
    const added = (after: Record<string, unknown>[], before: Record<string, unknown>[]) =>
      after.filter((item) => !before.some((old) => old.sk === item.sk));
    const shape = (items: Record<string, unknown>[]) =>
      items.map((item) => [String(item.entity), Object.keys(item).sort().join()]).sort();
    const at = new Date();
    const single = identity(kept.sub, kept.email);
    const start = await partition(kept.sub);
    await recordUnclaimedSend(single, { status: 'pending', simulated: true }, at);
    await writeEmailLog({
      user_id: kept.sub,
      reminder_id: single.reminderId,
      email_type: 'reminder',
      days_before: 7,
      simulated: true,
      sent_at: at.toISOString(),
    });
    const byOne = await partition(kept.sub);
    await recordSimulatedMails([{ identity: identity(kept.sub, kept.email), at }], SIMULATION_WRITES);
    const byBulk = added(await partition(kept.sub), byOne);
    expect(byBulk).toHaveLength(2);
    expect(shape(byBulk)).toEqual(shape(added(byOne, start)));
    const logs = (await scanTable()).filter(
      (i) => i.pk === keys.emailLogs() && i.sent_at === at.toISOString(),
    );
    expect(logs).toHaveLength(2);
    expect(Object.keys(logs[0]!).sort()).toEqual(Object.keys(logs[1]!).sort());

    // The other owner's profile goes before the bulk write lands (deletion's first step).
    const before = await partition(gone.sub);
    await dynamo().send(
      new DeleteCommand({ TableName: stack.tableName, Key: { pk: keys.user(gone.sub), sk: keys.profile() } }),
    );
    const goneAt = new Date(at.getTime() + 1000);
    await recordSimulatedMails(
      [
        { identity: identity(gone.sub, gone.email), at: goneAt },
        { identity: identity(kept.sub, kept.email), at: goneAt },
      ],
      SIMULATION_WRITES,
    );
    expect(await partition(gone.sub)).toEqual(before.filter((item) => item.sk !== keys.profile()));
    const goneLogs = (await scanTable()).filter(
      (i) => i.pk === keys.emailLogs() && i.sent_at === goneAt.toISOString(),
    );
    expect(goneLogs.map((i) => i.user_id).sort()).toEqual([ANONYMISED_USER, kept.sub].sort());
  });

  it('writes racing a deletion either land before it and are removed, or are refused: no orphan', async () => {
    const user = await createUser(stack, { label: 'racer' });
    const call = api(stack, user.accessToken);
    const id = await addReminder(stack, user, reminderBody('Racer'));
    const writes = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? call('POST', '/api/reminders', reminderBody(`Racer ${i}`))
        : call('POST', `/api/reminders/${id}/savings`, { outcome: 'saved', saved_amount: '1' }),
    );
    const [deletion, ...answers] = await Promise.all([call('DELETE', '/api/me'), ...writes]);
    expect(deletion.status).toBe(204);
    // The outcomes also race one another on the one reminder: one that loses every attempt to
    // them gets the 409 'Please try again' (overVersionRead), whatever the deletion does.
    answers.forEach((answer, i) =>
      expect(i % 2 === 0 ? [201, 404, 410] : [201, 404, 409, 410]).toContain(answer.status),
    );
    expect(await partition(user.sub)).toEqual([]);
  });

  it('signs the user out everywhere: the refresh token no longer gives an access token', async () => {
    const user = await createUser(stack, { label: 'signout' });
    const auth = await stack.cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    const refresh = (token: string) =>
      stack.cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: token },
        }),
      );
    const refreshToken = auth.AuthenticationResult!.RefreshToken!;
    expect((await refresh(refreshToken)).AuthenticationResult?.AccessToken).toBeTruthy();
    await signOutEverywhere(user.email);
    await expect(refresh(refreshToken)).rejects.toThrow();
  });
});
