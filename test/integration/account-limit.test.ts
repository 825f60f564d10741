/**
 * An account keeps at most REMINDER_LIMIT reminders: the count lives on the profile and moves in the
 * same transaction as each write, so the limit holds for creates and imports sent at once; older
 * accounts are counted once. At the limit, with every text field at its longest, the list, the
 * calendar feed and the data download each stay under Lambda's 6 MB response limit.
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_MESSAGES, REMINDER_LIMIT } from '../../shared/messages.ts';
import { NOTES_MAX, PROVIDER_MAX, TITLE_MAX } from '../../shared/schemas/fields.ts';
import { reminderInputSchema } from '../../shared/schemas/reminder.ts';
import { COUNTERS, keys } from '../../shared/table.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { batchWriteAll } from '../../lambdas/runtime/batch.ts';
import { getItem, itemKey, tableName } from '../../lambdas/store/db.ts';
import { freshPlacement, newReminder, toItem } from '../../lambdas/store/reminders/index.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser } from '../support/stack.ts';

const stack = useTestStack();

/** Lambda's limit on a synchronous response: the API's answer, body and envelope as Lambda returns it. */
const LAMBDA_RESPONSE_BYTES = 6 * 1024 * 1024;
const asLambdaReturnsIt = (body: string) =>
  Buffer.byteLength(JSON.stringify({ statusCode: 200, headers: { 'content-type': 'x' }, body }));

/** The n-th reminder with every text at its longest (and the feed's multi-byte characters). */
const longest = (n: number) => ({
  title: `Home insurance ${n} `.padEnd(TITLE_MAX, 'é'),
  category: 'insurance',
  provider: `Aviva ${n} `.padEnd(PROVIDER_MAX, 'x'),
  renewal_date: '2031-06-30',
  amount: 99999.99,
  notes: 'Call before renewing; ask for the loyalty rate. '.repeat(60).slice(0, NOTES_MAX),
  repeats: 'yearly',
  auto_renew: true,
  act_by: '2031-06-01',
  lead_days: [90, 60, 30, 14, 7, 1, 0],
});

async function setCount(userId: string, count: number) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(keys.user(userId), keys.profile()),
      UpdateExpression: 'SET #count = :count',
      ExpressionAttributeNames: { '#count': COUNTERS.accountReminders },
      ExpressionAttributeValues: { ':count': count },
    }),
  );
}

const countOf = async (userId: string) =>
  (await getItem(keys.user(userId), keys.profile()))?.[COUNTERS.accountReminders];

describe('at most REMINDER_LIMIT reminders an account', () => {
  it('refuses the next reminder and import at the limit, with responses under 6 MB there', async () => {
    const user = await createUser(stack, { label: 'limit' });
    const call = api(stack, user.accessToken);
    // The last 2 by the API (one import of 2 rows), the first 998 written straight into the
    // table as the stores write them, with the count the API would have left: quicker than 1,000
    // imports' worth of requests, and the same items.
    const now = new Date();
    const seeded = Array.from({ length: REMINDER_LIMIT - 2 }, (_, i) => {
      const reminder = newReminder(user.sub, reminderInputSchema.parse(longest(i)), now);
      return { PutRequest: { Item: toItem(reminder, freshPlacement(reminder, 'Europe/London', now)) } };
    });
    await batchWriteAll(seeded, { concurrency: 4 });
    await setCount(user.sub, REMINDER_LIMIT - 2);
    const imported = await call('POST', '/api/reminders/import', {
      reminders: [longest(REMINDER_LIMIT - 2), longest(REMINDER_LIMIT - 1)],
    });
    expect(imported.status, imported.text.slice(0, 200)).toBe(200);
    expect(await countOf(user.sub)).toBe(REMINDER_LIMIT);

    const refused = await call('POST', '/api/reminders', longest(REMINDER_LIMIT));
    expect(refused.status).toBe(409);
    expect(refused.json?.message).toBe(API_MESSAGES.reminderLimit(REMINDER_LIMIT));
    const refusedImport = await call('POST', '/api/reminders/import', { reminders: [longest(-1)] });
    expect(refusedImport.status).toBe(409);
    expect(await countOf(user.sub)).toBe(REMINDER_LIMIT);

    const list = await call('GET', '/api/reminders');
    expect((list.json as { reminders: unknown[] }).reminders).toHaveLength(REMINDER_LIMIT);
    const link = (await call('GET', '/api/me/calendar')).json as { link: { https_url: string } };
    const feed = await fetch(link.link.https_url.replace(/^https?:\/\/[^/]+/, stack.appUrl));
    expect(feed.status).toBe(200);
    const data = await call('GET', '/api/me/data');
    const sizes = {
      list: asLambdaReturnsIt(list.text),
      feed: asLambdaReturnsIt(await feed.text()),
      data: asLambdaReturnsIt(data.text),
    };
    console.log(`account-limit: bytes at ${REMINDER_LIMIT} reminders: ${JSON.stringify(sizes)}`);
    for (const [name, bytes] of Object.entries(sizes))
      expect(bytes, name).toBeLessThan(LAMBDA_RESPONSE_BYTES);

    // Deleting one makes room for one.
    const [first] = (list.json as { reminders: { id: string }[] }).reminders;
    expect((await call('DELETE', `/api/reminders/${first!.id}`)).status).toBe(204);
    expect(await countOf(user.sub)).toBe(REMINDER_LIMIT - 1);
    expect((await call('POST', '/api/reminders', longest(REMINDER_LIMIT))).status).toBe(201);
    expect(await countOf(user.sub)).toBe(REMINDER_LIMIT);
  });

  it('holds for creates sent at once: the last place goes to exactly one', async () => {
    const user = await createUser(stack, { label: 'limit-race' });
    await addReminder(stack, user, longest(0));
    // Close to the limit without writing a thousand items: the count is what the writes check.
    await setCount(user.sub, REMINDER_LIMIT - 1);
    const call = api(stack, user.accessToken);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', '/api/reminders', longest(i + 1))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await countOf(user.sub)).toBe(REMINDER_LIMIT);
  });

  it('counts an older account’s reminders once, on its next write', async () => {
    const user = await createUser(stack, { label: 'limit-legacy' });
    for (let i = 0; i < 3; i += 1) await addReminder(stack, user, longest(i));
    // As stored before the count existed.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(keys.user(user.sub), keys.profile()),
        UpdateExpression: 'REMOVE #count',
        ExpressionAttributeNames: { '#count': COUNTERS.accountReminders },
      }),
    );
    await addReminder(stack, user, longest(3));
    expect(await countOf(user.sub)).toBe(4);
  });
});
