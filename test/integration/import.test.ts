/**
 * Importing reminders through the API on the local stand-ins: the valid rows of a file in one
 * request, all or nothing, duplicates skipped and counted. Faults are injected into the SDK client the
 * handlers use: a throttle while staging, a failed commit, a failure of every final write after the
 * commit, an account deleted part-way. Whatever fails, nothing is half-imported, no mail goes for a
 * reminder that is not in the list, and none is missed for one that is.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportResult, MyData, Reminder } from '../../shared/api.ts';
import { remindersCsv } from '../../shared/csv.ts';
import { IMPORT_MESSAGES, readImportFile } from '../../shared/import.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { IMPORT_PENDING, keys, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { itemKey, queryAll, tableName } from '../../lambdas/store/db.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { runJob } from '../support/job.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { api, createUser, mailsTo, type TestUser } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 500 });

/** Each test works on its own years, so one test's job run never mails another's reminders. */
let era = 0;
const nextEra = () => `${2060 + 3 * ++era}-06-15`;

const row = (renewalDate: string, n: number, extra: Record<string, unknown> = {}) => ({
  title: `Policy ${n}`,
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: renewalDate,
  amount: 100 + n,
  notes: null,
  repeats: 'yearly',
  auto_renew: false,
  act_by: null,
  lead_days: null,
  ...extra,
});

const rows = (renewalDate: string, count: number) =>
  Array.from({ length: count }, (_, n) => row(renewalDate, n));

function client(user: TestUser) {
  const call = api(stack, user.accessToken);
  return {
    importRows: (reminders: unknown[]) => call('POST', '/api/reminders/import', { reminders }),
    list: async () => ((await call('GET', '/api/reminders')).json as { reminders: Reminder[] }).reminders,
    data: async () => (await call('GET', '/api/me/data')).json as unknown as MyData,
  };
}

/** The user's reminder items as stored: hidden ones, and those with a place in the next-mail index. */
async function stored(user: TestUser) {
  const items = await queryAll({ pk: keys.user(user.sub), sk: { beginsWith: keys.reminderPrefix } });
  return {
    all: items.length,
    pending: items.filter((i) => i[IMPORT_PENDING] !== undefined).length,
    indexed: items.filter((i) => typeof i.next_at === 'string').length,
  };
}

const faultName = 'test-import-fault';
afterEach(() => {
  dynamo().middlewareStack.remove(faultName);
});

/** Refuses the SDK calls `matches` picks (as DynamoDB throttling would), counting them. */
function refuse(matches: (command: string, input: string, seen: number) => boolean) {
  const counter = { seen: 0, refused: 0 };
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = JSON.stringify(args.input);
      const command = context.commandName ?? '';
      if (matches(command, input, counter.seen++)) {
        counter.refused++;
        throw new ProvisionedThroughputExceededException({ message: 'Throttled', $metadata: {} });
      }
      return next(args);
    },
    { step: 'initialize', name: faultName },
  );
  return counter;
}

describe('importing reminders', () => {
  it('saves every row, skips what the user already has, and places each in the next-mail index', async () => {
    const user = await createUser(stack, { label: 'import' });
    const { importRows, list } = client(user);
    const statsBefore = await adminStatistics();
    const renewal = nextEra();
    const first = await importRows([
      ...rows(renewal, 3),
      // The same reminder twice in one file: saved once.
      row(renewal, 0, { title: ' policy 0 ', provider: 'AVIVA' }),
    ]);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ imported: 3, skipped: 1 } satisfies ImportResult);
    expect((await list()).map((r) => r.title)).toEqual(['Policy 0', 'Policy 1', 'Policy 2']);
    expect(await stored(user)).toEqual({ all: 3, pending: 0, indexed: 3 });

    // The same file again, and one new row: only the new one is saved.
    const again = await importRows([...rows(renewal, 3), row(renewal, 3)]);
    expect(again.json).toEqual({ imported: 1, skipped: 3 });
    const reminders = await list();
    expect(reminders).toHaveLength(4);
    expect(reminders.find((r) => r.title === 'Policy 3')).toMatchObject({
      category: 'insurance',
      provider: 'Aviva',
      renewal_date: renewal,
      amount: 103,
      repeats: 'yearly',
      term_anchor: renewal,
    });

    // Counted in the statistics like reminders added one by one.
    const stats = await adminStatistics();
    expect(stats.total_reminders - statsBefore.total_reminders).toBe(4);
    const insurance = (s: typeof stats) =>
      s.by_category.find((c) => c.category === 'insurance')?.reminder_count ?? 0;
    expect(insurance(stats) - insurance(statsBefore)).toBe(4);
  });

  it('refuses a request with a bad row as a whole (400, the dialog’s message), saving nothing', async () => {
    const user = await createUser(stack, { label: 'badrow' });
    const { importRows, list } = client(user);
    const renewal = nextEra();
    const response = await importRows([row(renewal, 0), row(renewal, 1, { title: '' })]);
    expect(response.status).toBe(400);
    expect(response.text).toContain('Title is required');
    expect(await list()).toEqual([]);
    expect(await stored(user)).toEqual({ all: 0, pending: 0, indexed: 0 });
    expectFieldErrors(await importRows([]), { reminders: ['There are no reminders to import'] });
    const tooMany = await importRows(rows(renewal, 501));
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('At most 500 reminders can be imported at once');
  });

  it('mails imported reminders on their lead days, once each', async () => {
    const user = await createUser(stack, { label: 'importmail' });
    const renewal = nextEra();
    const imported = await client(user).importRows(rows(renewal, 2));
    expect(imported.json).toEqual({ imported: 2, skipped: 0 });
    const before = (await mailsTo(stack, user.email)).length;
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, -14) });
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, -14) });
    const mails = (await mailsTo(stack, user.email)).slice(before);
    // One digest holding both renewals, sent once however often the job runs.
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^2 renewals to review/);
  });

  it('lets one import of an account run at a time (409), and a lock left by a dead import lapses', async () => {
    const user = await createUser(stack, { label: 'lock' });
    const { importRows, list } = client(user);
    const renewal = nextEra();
    const lockKey = itemKey(keys.user(user.sub), keys.importLock());
    const nowSeconds = Math.floor(Date.now() / 1000);
    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: { ...lockKey, [TTL_ATTRIBUTE]: nowSeconds + 60 } }),
    );
    const busy = await importRows(rows(renewal, 1));
    expect(busy.status).toBe(409);
    expect(busy.json?.error ?? busy.text).toContain(IMPORT_MESSAGES.busy);
    expect(await list()).toEqual([]);

    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: { ...lockKey, [TTL_ATTRIBUTE]: nowSeconds - 1 } }),
    );
    expect((await importRows(rows(renewal, 1))).json).toEqual({ imported: 1, skipped: 0 });
    // Released on success: the next import runs at once.
    expect((await importRows([row(renewal, 7)])).json).toEqual({ imported: 1, skipped: 0 });
  });
});

describe('files in, reminders out', () => {
  /** A file read as the browser reads it, then its valid rows sent as the dialog sends them. */
  async function importFile(user: TestUser, name: string, content: Uint8Array) {
    const file = readImportFile(name, content);
    if (!file.ok) throw new Error(file.error);
    const valid = file.rows.flatMap((r) => (r.reminder ? [r.reminder] : []));
    const response = await client(user).importRows(valid);
    expect(response.status, response.text).toBe(200);
    return { file, result: response.json as unknown as ImportResult };
  }

  it('an export imported into another account gives the same reminders, every field', async () => {
    const from = await createUser(stack, { label: 'exporter' });
    const to = await createUser(stack, { label: 'importer' });
    const renewal = nextEra();
    await client(from).importRows([
      row(renewal, 1, {
        title: '=Car, "the blue one"',
        category: 'insurance',
        amount: 612.4,
        notes: 'Line one\nline two, with a comma',
        repeats: 'yearly',
        auto_renew: true,
        act_by: addDays(renewal, -21),
        lead_days: [60, 21, 3],
      }),
      row(renewal, 2, { category: 'mortgage', repeats: 'none', amount: null, title: "'Quoted' deal" }),
      row(addDays(renewal, 40), 3, { category: 'broadband_mobile', repeats: 'two_yearly', notes: 'Café £' }),
    ]);
    const exported = remindersCsv(await client(from).list());
    const { result } = await importFile(to, 'renewal-reminders.csv', new TextEncoder().encode(exported));
    expect(result).toEqual({ imported: 3, skipped: 0 });
    const fields = (r: Reminder) => {
      const { id: _id, user_id: _user, created_at: _c, updated_at: _u, ...rest } = r;
      return rest;
    };
    expect((await client(to).list()).map(fields)).toEqual((await client(from).list()).map(fields));
    // Importing the same file again saves nothing new.
    const again = await importFile(to, 'renewal-reminders.csv', new TextEncoder().encode(exported));
    expect(again.result).toEqual({ imported: 0, skipped: 3 });
  });

  it('imports the Wallos and SubTrackr samples with the documented mapping', async () => {
    const user = await createUser(stack, { label: 'trackers' });
    const sample = (name: string) => readFile(new URL(`../support/import-samples/${name}`, import.meta.url));
    const wallos = await importFile(user, 'wallos-v2.41.json', await sample('wallos-v2.41.json'));
    // Every row but the weekly gym and the disabled VPN.
    expect(wallos.result).toEqual({ imported: 9, skipped: 0 });
    // Wallos's CSV export of the same subscriptions adds nothing new.
    const again = await importFile(user, 'subscriptions.csv', await sample('wallos-v2.41.csv'));
    expect(again.result).toEqual({ imported: 0, skipped: 9 });
    const subtrackr = await importFile(user, 'subtrackr.csv', await sample('subtrackr-v0.5.9.csv'));
    expect(subtrackr.result).toEqual({ imported: 8, skipped: 0 });
    const saved = await client(user).list();
    const byTitle = (title: string) => saved.find((r) => r.title === title);
    expect(byTitle('M&S Home Insurance')).toMatchObject({
      provider: 'M&S Home Insurance',
      amount: null,
      notes: 'Policy "Plus"\nPrice in the file: €459.50',
      act_by: '2031-05-20',
    });
    expect(byTitle('Car insurance')).toMatchObject({ repeats: 'half_yearly', amount: 420 });
    expect(byTitle("O'Neill Broadband")).toMatchObject({ repeats: 'half_yearly', act_by: null });
  });
});

describe('an import under faults', () => {
  it('a throttle while staging leaves nothing visible or mailable; the next import cleans up and saves once', async () => {
    const user = await createUser(stack, { label: 'stagefault' });
    const { importRows, list, data } = client(user);
    const renewal = nextEra();
    // 250 rows stage in three transactions: the second is refused.
    let staging = 0;
    const fault = refuse((command, input) => {
      if (!command.startsWith('TransactWrite') || !input.includes(IMPORT_PENDING)) return false;
      return ++staging === 2;
    });
    const failed = await importRows(rows(renewal, 250));
    expect(fault.refused).toBe(1);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    dynamo().middlewareStack.remove(faultName);

    expect(await list()).toEqual([]);
    expect(await stored(user)).toEqual({ all: 99, pending: 99, indexed: 0 });
    expect((await data()).reminders).toEqual([]);
    const before = (await mailsTo(stack, user.email)).length;
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, -14) });
    expect((await mailsTo(stack, user.email)).length).toBe(before);

    // The lock was released: the retry runs, removes the abandoned rows and saves each row once.
    const retry = await importRows(rows(renewal, 250));
    expect(retry.json).toEqual({ imported: 250, skipped: 0 });
    expect(await stored(user)).toEqual({ all: 250, pending: 0, indexed: 250 });
    expect(await list()).toHaveLength(250);
    // Gone before the next test's job run, which would otherwise work through these 250 as well.
    expect((await api(stack, user.accessToken)('DELETE', '/api/me')).status).toBe(204);
  });

  it('a failed commit leaves nothing visible, and frees the account for the next import', async () => {
    const user = await createUser(stack, { label: 'commitfault' });
    const { importRows, list } = client(user);
    const renewal = nextEra();
    const fault = refuse(
      (command, input) => command.startsWith('TransactWrite') && input.includes(keys.importBatch('')),
    );
    const failed = await importRows(rows(renewal, 5));
    expect(fault.refused).toBe(1);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    dynamo().middlewareStack.remove(faultName);
    expect(await list()).toEqual([]);
    expect((await stored(user)).indexed).toBe(0);
    expect((await importRows(rows(renewal, 5))).json).toEqual({ imported: 5, skipped: 0 });
    expect(await stored(user)).toEqual({ all: 5, pending: 0, indexed: 5 });
  });

  it('after the commit, final writes that fail are finished by the next read: listed, indexed, mailed', async () => {
    const user = await createUser(stack, { label: 'finishfault' });
    const { importRows, list } = client(user);
    const renewal = nextEra();
    // Every final write (a Put over a still-staged item) is refused.
    const fault = refuse((command, input) => command.startsWith('Put') && input.includes(':import'));
    const response = await importRows(rows(renewal, 3));
    expect(response.json).toEqual({ imported: 3, skipped: 0 });
    expect(fault.refused).toBeGreaterThan(0);
    dynamo().middlewareStack.remove(faultName);
    // Committed: visible at once, though not yet in the index.
    expect(await stored(user)).toEqual({ all: 3, pending: 3, indexed: 0 });
    expect(await list()).toHaveLength(3);
    // That read finished them.
    expect(await stored(user)).toEqual({ all: 3, pending: 0, indexed: 3 });
    const before = (await mailsTo(stack, user.email)).length;
    await runJob(stack, { trigger: 'cli', date: addDays(renewal, -7) });
    expect((await mailsTo(stack, user.email)).length).toBe(before + 1);
  });

  it('an account deleted part-way: 410, and nothing of the import is left', async () => {
    const user = await createUser(stack, { label: 'gone' });
    const { importRows } = client(user);
    const renewal = nextEra();
    // The profile goes while the import stages its second transaction.
    let staging = 0;
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (
          context.commandName?.startsWith('TransactWrite') &&
          JSON.stringify(args.input).includes(IMPORT_PENDING)
        ) {
          if (++staging === 2) {
            dynamo().middlewareStack.remove(faultName);
            await dynamo().send(
              new DeleteCommand({
                TableName: tableName(),
                Key: itemKey(keys.user(user.sub), keys.profile()),
              }),
            );
          }
        }
        return next(args);
      },
      { step: 'initialize', name: faultName },
    );
    const response = await importRows(rows(renewal, 150));
    expect(response.status).toBe(410);
    // Only hidden items of the first transaction remain until the account's deletion removes them.
    expect(await stored(user)).toEqual({ all: 99, pending: 99, indexed: 0 });
    const deleted = await api(stack, user.accessToken)('DELETE', '/api/me');
    expect(deleted.status).toBe(204);
    expect(await queryAll({ pk: keys.user(user.sub) })).toEqual([]);
  });
});
