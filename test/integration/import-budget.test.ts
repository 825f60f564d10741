/**
 * An import never answers 500 and never goes on after its answer: on a store slow enough to spend its
 * time budget before it commits, an import answers 503 with words, leaves nothing visible and
 * frees its lock, so the next try works. The slow store is a fake clock moved 1.5 s on by each
 * DynamoDB call (the import measures its budget by the clock), not real waiting.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '../../shared/messages.ts';
import { keys } from '../../shared/table.ts';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { getItem } from '../../lambdas/store/db.ts';
import { IMPORT_BUDGET_MS } from '../../lambdas/store/reminders/index.ts';
import { useTestStack } from '../support/fixtures.ts';
import { api, createUser } from '../support/stack.ts';

const stack = useTestStack();
const SLOW_STORE = 'importBudgetSlowStore';
/** What each call to the store costs on the fake clock. */
const CALL_MS = 1500;

/**
 * Enough rows for the fake clock to pass the budget (a store call per batch of them), few enough that
 * the next try, on the real clock, ends well inside the function's 10 s on a busy machine: that try's
 * speed is bench:import's to measure, not this test's.
 */
const ROWS = 200;
const rows = Array.from({ length: ROWS }, (_, i) => ({
  title: `Subscription ${i}`,
  category: 'subscriptions',
  provider: 'Acme',
  renewal_date: '2031-01-15',
  amount: 9.99,
  repeats: 'monthly',
}));

afterEach(() => {
  dynamo().middlewareStack.remove(SLOW_STORE);
  vi.useRealTimers();
});

describe('an import on a slow store', () => {
  it('answers 503 within its budget, shows nothing, frees the lock; the next try imports all', async () => {
    const user = await createUser(stack, { label: 'import-slow' });
    const call = api(stack, user.accessToken);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const started = Date.now();
    dynamo().middlewareStack.add(
      (next) => async (args) => {
        vi.setSystemTime(Date.now() + CALL_MS);
        return next(args);
      },
      { step: 'initialize', name: SLOW_STORE },
    );
    const slow = await call('POST', '/api/reminders/import', { reminders: rows });
    dynamo().middlewareStack.remove(SLOW_STORE);
    expect(slow.status).toBe(503);
    expect(slow.json?.message).toBe(API_MESSAGES.tooSlow);
    // It stopped at its budget: one store call past it at most, not the whole import.
    expect(Date.now() - started).toBeLessThan(IMPORT_BUDGET_MS + 4 * CALL_MS);

    expect((await call('GET', '/api/reminders')).json?.reminders).toEqual([]);
    expect(await getItem(keys.user(user.sub), keys.importLock())).toBeUndefined();

    const again = await call('POST', '/api/reminders/import', { reminders: rows });
    expect(again.status, again.text.slice(0, 200)).toBe(200);
    expect(again.json).toEqual({ imported: ROWS, skipped: 0 });
    const listed = (await call('GET', '/api/reminders')).json?.reminders as unknown[];
    expect(listed).toHaveLength(ROWS);
  });
});
