/**
 * Fuzzing what one request at a time cannot reach: imports of up to 500 generated rows, bursts of
 * requests on one account sent at once, and the same bursts while the store answers slowly. The
 * properties: never a 5xx; a refused import leaves the whole table as it was (every partition, the
 * logs included); and afterwards the counters equal a recount of what every user sees, so no write
 * was counted twice or not at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATEGORY_VALUES } from '../../shared/reminder/categories.ts';
import { IMPORT_MAX_ROWS } from '../../shared/import.ts';
import { REPEATS_VALUES } from '../../shared/reminder/terms.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';
import { countersAndRecount, snapshotDifference, tableSnapshot } from '../support/table.ts';

const stack = useTestStack();
const users: TestUser[] = [];
let sent = 0;

const word = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,23}[A-Za-z]$/);
const day = fc
  .date({ min: new Date('2027-01-01T00:00:00Z'), max: new Date('2035-12-28T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A reminder as the dialog or an import sends it. */
const validReminder = fc.record({
  title: word,
  category: fc.constantFrom(...CATEGORY_VALUES),
  provider: word,
  renewal_date: day,
  amount: fc.option(fc.integer({ min: 0, max: 500_000 }).map((pence) => pence / 100)),
  repeats: fc.constantFrom(...REPEATS_VALUES),
});

/** One field made wrong: the row the server must refuse, and with it the whole import. */
const hostileReminder = fc
  .tuple(
    validReminder,
    fc.constantFrom<[string, unknown]>(
      ['category', 'pets'],
      ['title', '\u200b\u200b'],
      ['renewal_date', '2027-02-30'],
      ['amount', -1],
      ['repeats', 'fortnightly'],
      ['provider', 'x'.repeat(5000)],
    ),
  )
  .map(([reminder, [field, value]]) => ({ ...reminder, [field]: value }));

const row = fc.oneof({ weight: 40, arbitrary: validReminder }, { weight: 1, arbitrary: hostileReminder });

/**
 * An import's rows: a few, or close to the limit (fast-check keeps arrays short unless told); half
 * the time one hostile row somewhere among them, and sometimes a row given twice (skipped once).
 */
const importRows = fc
  .record({
    count: fc.oneof(
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: IMPORT_MAX_ROWS - 50, max: IMPORT_MAX_ROWS }),
    ),
    spoil: fc.oneof(fc.constant(null), fc.tuple(fc.nat(), hostileReminder)),
    twice: fc.option(fc.nat()),
  })
  .chain(({ count, spoil, twice }) =>
    fc.array(validReminder, { minLength: count, maxLength: count }).map((rows) => {
      if (twice !== null) rows.push(rows[twice % rows.length]!);
      if (spoil) rows.splice(spoil[0] % rows.length, 1, spoil[1]);
      return rows.slice(0, IMPORT_MAX_ROWS);
    }),
  );

async function send(user: TestUser, method: string, path: string, body?: unknown) {
  sent += 1;
  return api(stack, user.accessToken)(method, path, body);
}

async function expectCountersMatch() {
  const { counters, recount } = await countersAndRecount(stack, users);
  expect(counters).toEqual(recount);
}

async function newUser(label: string) {
  const user = await createUser(stack, { label });
  users.push(user);
  return user;
}

beforeAll(async () => {
  await newUser('load-first');
});

afterAll(() => {
  console.log(`fuzz-load: ${sent} generated requests`);
});

describe('imports of many rows', () => {
  it('all or nothing: a refused import changes no item anywhere; an accepted one shows every row', async () => {
    await fc.assert(
      fc.asyncProperty(importRows, async (rows) => {
        const user = await newUser('load-import');
        const before = await tableSnapshot();
        const response = await send(user, 'POST', '/api/reminders/import', { reminders: rows });
        expect(response.status, response.text.slice(0, 200)).toBeLessThan(500);
        if (response.status >= 400) {
          expect(snapshotDifference(before, await tableSnapshot())).toEqual({ added: [], removed: [] });
        } else {
          const { imported, skipped } = response.json as { imported: number; skipped: number };
          expect(imported + skipped).toBe(rows.length);
          const listed = await send(user, 'GET', '/api/reminders');
          expect((listed.json as { reminders: unknown[] }).reminders).toHaveLength(imported);
        }
      }),
      { numRuns: 6 },
    );
    await expectCountersMatch();
  });
});

/** A request of a burst on one account: against one of its reminders (by index), or the account. */
const burstRequest = fc.oneof(
  validReminder.map((body) => ({ method: 'POST', path: () => '/api/reminders', body })),
  fc.tuple(fc.nat(), row).map(([i, body]) => ({
    method: 'PUT',
    path: (ids: string[]) => `/api/reminders/${ids[i % ids.length]}`,
    body,
  })),
  fc.nat().map((i) => ({
    method: 'DELETE',
    path: (ids: string[]) => `/api/reminders/${ids[i % ids.length]}`,
    body: undefined,
  })),
  fc
    .tuple(fc.nat(), fc.integer({ min: 0, max: 9999 }), fc.option(day), fc.boolean())
    .map(([i, pence, next, cancelled]) => ({
      method: 'POST',
      path: (ids: string[]) => `/api/reminders/${ids[i % ids.length]}/savings`,
      body: {
        outcome: pence > 0 ? 'saved' : 'no_saving',
        saved_amount: (pence / 100).toFixed(2),
        next_renewal_date: next,
        cancelled,
      },
    })),
  fc
    .array(row, { minLength: 1, maxLength: 15 })
    .map((reminders) => ({ method: 'POST', path: () => '/api/reminders/import', body: { reminders } })),
);

/** A fresh account with three reminders, a burst on it sent at once, then the recount. */
async function burst(requests: { method: string; path: (ids: string[]) => string; body: unknown }[]) {
  const user = await newUser('load-burst');
  const ids = await Promise.all(
    ['Home insurance', 'Broadband', 'Netflix'].map((title, i) =>
      addReminder(stack, user, {
        title,
        category: CATEGORY_VALUES[i + 1]!,
        provider: 'Acme',
        renewal_date: '2027-06-30',
        amount: 120,
        repeats: 'yearly',
        notes: null,
      }),
    ),
  );
  const answers = await Promise.all(requests.map((r) => send(user, r.method, r.path(ids), r.body)));
  for (const [i, answer] of answers.entries()) {
    const request = `${requests[i]!.method} ${requests[i]!.path(ids)}`;
    expect(answer.status, `${request}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
  }
}

describe('bursts of requests on one account', () => {
  it('never a 5xx, and the counters equal a recount after each burst', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(burstRequest, { minLength: 4, maxLength: 10 }), async (requests) => {
        await burst(requests);
        await expectCountersMatch();
      }),
      { numRuns: 6 },
    );
  });

  it('the same while the store answers slowly (0 to 20 ms a call)', async () => {
    const client = dynamo();
    const name = 'fuzzSlowStore';
    client.middlewareStack.add(
      (next) => async (args) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(burstRequest, { minLength: 4, maxLength: 6 }), async (requests) => {
          await burst(requests);
          await expectCountersMatch();
        }),
        { numRuns: 3 },
      );
    } finally {
      client.middlewareStack.remove(name);
    }
  });
});
